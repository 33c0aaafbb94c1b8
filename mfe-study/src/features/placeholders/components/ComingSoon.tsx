import { Link } from 'react-router-dom';

/** Study modes that are not built yet (spec: multiple-choice and timed read 'Coming soon'). */
export function ComingSoon({ title }: { title: string }) {
  return (
    <div className="page">
      <header className="page-header">
        <h1>{title}</h1>
      </header>
      <div className="card empty-state stack">
        <p style={{ margin: 0, fontSize: '1.2rem', fontWeight: 600 }}>Coming soon</p>
        <p className="muted" style={{ margin: 0 }}>
          This study mode is on its way.
        </p>
        <div>
          {/* '..' climbs to the parent route: /study in the shell, / when standalone. */}
          <Link className="btn" to="..">
            Back to Study
          </Link>
        </div>
      </div>
    </div>
  );
}
