// The spec's answer to a page the user's role may not open. The shell shows it for a
// role-restricted registry route; the admin remote shows it too when opened alone.
import { useUiText } from './i18n';

export function AccessDenied() {
  const t = useUiText();
  return (
    <div className="center-screen">
      <div className="card stack" style={{ maxWidth: 440, textAlign: 'center' }}>
        <h1>{t('accessDenied.title')}</h1>
        <p className="muted" style={{ margin: 0 }}>
          {t('accessDenied.message')}
        </p>
      </div>
    </div>
  );
}
