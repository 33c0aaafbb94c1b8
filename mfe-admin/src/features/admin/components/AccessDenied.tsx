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
