/** One labelled number; the group's accessible name is the label, so tests and readers find it. */
export function StatTile({ label, value, note }: { label: string; value: string | number; note?: string }) {
  return (
    <div className="card" role="group" aria-label={label}>
      <div className="stat-label">{label}</div>
      <div className="stat-value">{value}</div>
      {note && <div className="progress-note">{note}</div>}
    </div>
  );
}
