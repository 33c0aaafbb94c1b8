import { useUiText } from './i18n';

/** A labelled busy indicator: screen readers hear the label, sighted users see a spinner. */
export function Spinner({ label }: { label?: string }) {
  const t = useUiText();
  return (
    <div className="center-screen" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('loading')}</span>
    </div>
  );
}
