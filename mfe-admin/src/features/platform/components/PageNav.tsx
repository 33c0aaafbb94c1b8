import type { MouseEvent } from 'react';
import { useAdminText } from '../../../i18n';

/** The id of a console section a PageNav link leads to. */
export function sectionId(kind: 'remote' | 'services' | 'tokens' | 'audit', name = ''): string {
  return kind === 'remote' ? `platform-remote-${name}` : `platform-${kind}`;
}

/**
 * `aria-labelledby` of a part of a remote's panel: its own heading, then the remote's, so each
 * remote's "Health" or "Canary" is a landmark of its own name ("Canary mfe_cards").
 */
export function labelledBy(headingId: string, remoteHeadingId?: string): string {
  return remoteHeadingId ? `${headingId} ${remoteHeadingId}` : headingId;
}

/**
 * Links to each part of the long console page. The section itself takes the focus (so the
 * keyboard goes on from there) and the router's URL is left alone.
 */
export function PageNav({ remotes }: { remotes: readonly string[] }) {
  const t = useAdminText();
  const jump = (id: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(id);
    if (!target) return;
    event.preventDefault();
    target.scrollIntoView?.({ block: 'start' }); // absent in jsdom
    target.focus({ preventScroll: true });
  };
  const links = [
    ...remotes.map((name) => ({ id: sectionId('remote', name), label: name, mono: true })),
    { id: sectionId('services'), label: t('platform.services.title'), mono: false },
    { id: sectionId('tokens'), label: t('platform.tokens.title'), mono: false },
    { id: sectionId('audit'), label: t('platform.audit.title'), mono: false },
  ];
  return (
    <nav className="platform-page-nav" aria-label={t('platform.onThisPage')}>
      <ul>
        {links.map((link) => (
          <li key={link.id}>
            <a href={`#${link.id}`} className={link.mono ? 'platform-mono' : undefined} onClick={jump(link.id)}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
