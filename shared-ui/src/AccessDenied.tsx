// The spec's answer to a page the user's role may not open. The shell shows it for a
// role-restricted registry route; the admin remote shows it too when opened alone.
export function AccessDenied() {
  return (
    <div className="center-screen">
      <div className="card stack" style={{ maxWidth: 440, textAlign: 'center' }}>
        <h1>Access Denied</h1>
        <p className="muted" style={{ margin: 0 }}>
          You need administrator privileges to access this page.
        </p>
      </div>
    </div>
  );
}
