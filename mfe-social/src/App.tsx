// Standalone only (not exposed): the shell mounts Social, Achievements, Profile and
// PublicProfile itself, at the same paths this tiny router uses when the remote runs on its own
// dev server.
import { Navigate, NavLink, Route, Routes } from 'react-router-dom';
import Achievements from './Achievements';
import Profile from './Profile';
import PublicProfile from './PublicProfile';
import Social from './Social';
import { useSocialText } from './i18n';

export default function StandaloneSocialApp() {
  const t = useSocialText();
  return (
    <>
      <nav aria-label={t('standalone.navigation')} className="row" style={{ padding: '0.75rem 1.5rem' }}>
        <NavLink to="/social">{t('standalone.social')}</NavLink>
        <NavLink to="/achievements">{t('standalone.achievements')}</NavLink>
        <NavLink to="/profile">{t('standalone.profile')}</NavLink>
      </nav>
      <Routes>
        <Route path="/social/*" element={<Social />} />
        <Route path="/achievements" element={<Achievements />} />
        <Route path="/profile" element={<Profile />} />
        <Route path="/profile/:id" element={<PublicProfile />} />
        <Route path="*" element={<Navigate to="/social" replace />} />
      </Routes>
    </>
  );
}
