// Says that a screen shows the answer kept from its last load (useLoad's `keep`), and from when:
// the network did not answer. Nothing when the screen shows a fresh answer.
import { useUiLocale } from './i18n';

export function KeptNotice({ keptAt }: { keptAt: number | undefined }) {
  const { t, language } = useUiLocale();
  if (keptAt === undefined) return null;
  const time = new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit' }).format(keptAt);
  return (
    <p role="status" className="offline-notice">
      {t('keptAt', { time })}
    </p>
  );
}
