/** One labelled number; the group's accessible name is the label, so tests and readers find it. */
export function StatTile({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="card" role="group" aria-label={label}>
      <div className="stat-label">{label}</div>
      <div className="stat-value">{value}</div>
    </div>
  );
}
