import { useId } from 'react';
import { Trans } from 'react-i18next';
import type { PreviewLink } from '@flashcard/api-contract';
import { useAdminText } from '../../../i18n';
import { formatDateTime } from '../format';
import { CopyField } from './CopyField';
import { labelledBy } from './PageNav';

/** The API answers a path on this site; the person it is sent to needs the whole address. */
export function absoluteUrl(path: string): string {
  return new URL(path, window.location.origin).href;
}

/** The preview links made for a remote's waiting releases, each with Copy and its expiry. */
export function PreviewLinks({
  name,
  links,
  remoteHeadingId,
}: {
  name: string;
  links: readonly PreviewLink[];
  remoteHeadingId?: string;
}) {
  const t = useAdminText();
  const headingId = useId();
  if (links.length === 0) return null;
  return (
    <section className="platform-previews" aria-labelledby={labelledBy(headingId, remoteHeadingId)}>
      <h3 id={headingId} className="platform-subheading">
        {t('platform.previews.title')}
      </h3>
      <p className="muted platform-meta">{t('platform.previews.intro', { name })}</p>
      <ul className="platform-list">
        {links.map((link) => (
          <li key={link.version}>
            <CopyField label={t('platform.previews.link', { version: link.version })} value={absoluteUrl(link.url)} />
            <p className="muted platform-meta">
              <Trans
                t={t}
                i18nKey="platform.previews.expires"
                values={{ date: formatDateTime(link.expiresAt) }}
                components={{ time: <time dateTime={link.expiresAt} /> }}
              />
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
