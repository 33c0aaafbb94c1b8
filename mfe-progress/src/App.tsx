import { useEffect, useState } from 'react';
import { dashboardApi, useAuthStore, type DashboardData } from '@flashcard/shared-auth';

export default function ProgressApp() {
  const user = useAuthStore((s) => s.user);
  const [data, setData] = useState<DashboardData | null>(null);
  useEffect(() => {
    dashboardApi.getDashboard().then(setData).catch(() => undefined);
  }, []);
  return (
    <div className="page">
      <h1>Progress</h1>
      <p data-testid="remote-user">{user?.email}</p>
      <p>{data ? data.userStats.totalCardsStudied : '...'}</p>
    </div>
  );
}
