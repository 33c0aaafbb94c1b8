// The frame of every signed-in page: sidebar navigation, top bar (mobile menu button, search,
// notifications, user menu) and the routed page in <main>.
import {
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent as ReactKeyboardEvent,
  type MouseEvent,
} from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Trans } from 'react-i18next';
import { platformApi, type Manifest } from '@flashcard/api-contract';
import { useAuthStore, type User } from '@flashcard/shared-auth';
import { clearOverrides } from '../federation/overrides';
import { prepareArea } from '../federation/areas';
import { useOnline } from '../offline/use-online';
import { useUpdateStore } from '../offline/update-store';
import { SHELL_PAGES } from '../pages/shell-pages';
import { usePlatformStore } from '../federation/platform';
import { useShellLocale, useShellText } from '../i18n';
import { avatarLetter } from './avatar';
import { Icon } from './Icon';
import { navigationFrom, visibleNavigation, type NavEntry } from './navigation';
import { NotificationsBell } from './NotificationsBell';
import { TopSearch } from './TopSearch';
import './layout.css';

function SidebarLink({ entry, onNavigate }: { entry: NavEntry; onNavigate: () => void }) {
  // The user is about to choose the area (pointer or keyboard): its first calls, or its code if
  // that has not run yet (areas.ts).
  const { remote, exposed = './App' } = entry;
  const preload = remote ? () => prepareArea(remote, exposed, entry.to) : undefined;
  return (
    <li>
      <NavLink
        to={entry.to}
        className={({ isActive }) => (isActive ? 'shell-nav-link is-active' : 'shell-nav-link')}
        onMouseEnter={preload}
        onFocus={preload}
        onClick={onNavigate}
      >
        <span className="shell-nav-icon" aria-hidden="true">
          {entry.icon}
        </span>
        {entry.label}
      </NavLink>
    </li>
  );
}

/** Menu button pattern (WAI-ARIA APG): arrows move, Escape closes and returns focus, Tab leaves. */
function UserMenu({ user, onSignOut }: { user: User | null; onSignOut: () => void }) {
  const t = useShellText();
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const focusLastOnOpen = useRef(false);

  function items(): HTMLElement[] {
    return Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  useEffect(() => {
    if (!open) return;
    const list = items();
    (focusLastOnOpen.current ? list[list.length - 1] : list[0])?.focus();
    focusLastOnOpen.current = false;

    function onPointerDown(event: PointerEvent | globalThis.MouseEvent) {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      // Handled here (capture phase) so the same Escape does not also close the mobile sidebar.
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    }
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown, true);
    };
  }, [open]);

  function onButtonKeyDown(event: ReactKeyboardEvent) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      focusLastOnOpen.current = event.key === 'ArrowUp';
      setOpen(true);
    }
  }

  function onMenuKeyDown(event: ReactKeyboardEvent) {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Tab') setOpen(false); // focus continues to the next control
  }

  const name = user?.display_name?.trim() || user?.email || '';

  return (
    <div className="shell-user" ref={containerRef}>
      <button
        ref={buttonRef}
        type="button"
        className="shell-user-button"
        aria-label={t('userMenu.label')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={onButtonKeyDown}
      >
        <span className="shell-avatar" aria-hidden="true">
          {avatarLetter(user)}
        </span>
      </button>
      {open && (
        <div className="shell-menu">
          {name && (
            <p className="shell-menu-user">
              <Trans t={t} i18nKey="userMenu.signedInAs" values={{ name }} components={{ strong: <strong /> }} />
            </p>
          )}
          <div id={menuId} ref={menuRef} role="menu" aria-label={t('userMenu.label')} onKeyDown={onMenuKeyDown}>
            <Link role="menuitem" tabIndex={-1} to="/profile" className="shell-menu-item" onClick={() => close(false)}>
              {t('userMenu.profile')}
            </Link>
            <Link role="menuitem" tabIndex={-1} to="/settings" className="shell-menu-item" onClick={() => close(false)}>
              {t('userMenu.settings')}
            </Link>
            <button
              role="menuitem"
              tabIndex={-1}
              type="button"
              className="shell-menu-item"
              onClick={() => {
                setOpen(false);
                onSignOut();
              }}
            >
              {t('userMenu.signOut')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

/** Shown while this browser loads a remote from a developer's localhost (docs/PLATFORM.md). */
function OverrideBadge({ remotes }: { remotes: string[] }) {
  const t = useShellText();
  return (
    <div className="shell-badge shell-override-badge" role="status">
      <span>{t('overrides.badge', { remotes: remotes.join(', ') })}</span>
      <button
        type="button"
        className="btn btn-small"
        onClick={() => {
          clearOverrides();
          window.location.reload();
        }}
      >
        {t('overrides.clear')}
      </button>
    </div>
  );
}

/**
 * Shown while a preview link pins this browser to waiting versions (docs/PLATFORM.md), so whoever
 * reviews one knows the area is not what everyone gets, and can get back to it.
 */
function PreviewBadge({ previews }: { previews: Manifest['previews'] }) {
  const t = useShellText();
  const [leaving, setLeaving] = useState(false);

  async function leave() {
    setLeaving(true);
    try {
      await platformApi.leavePreviews();
      // The manifest, the registered remotes and the loaded areas all follow the preview: start over.
      window.location.reload();
    } catch {
      setLeaving(false); // the client has toasted why
    }
  }

  return (
    <div className="shell-badge shell-preview-badge" role="status" aria-label={t('previews.label')}>
      <span>{t('previews.badge', { previews: previews.map((p) => `${p.remote} ${p.version}`).join(', ') })}</span>
      <button type="button" className="btn btn-small" disabled={leaving} onClick={() => void leave()}>
        {leaving ? t('previews.leaving') : t('previews.leave')}
      </button>
    </div>
  );
}

/**
 * A new release of the shell is installed (offline/update-store.ts): offered on the shell's own
 * pages only, between study sessions, never inside an area where a learner may be mid-session.
 */
function UpdateBadge({ apply }: { apply: () => void }) {
  const t = useShellText();
  return (
    <div className="shell-badge shell-update-badge" role="status">
      <span>{t('update.available')} —</span>
      <button type="button" className="btn btn-small" onClick={apply}>
        {t('update.reload')}
      </button>
    </div>
  );
}

/**
 * Says so in the top bar while the site is offline (the browser says so, or the session could
 * not reach the API): every area's calls fail meanwhile, and each area says what waits to sync.
 */
function OfflineStatus() {
  const t = useShellText();
  const online = useOnline();
  const offlineSession = useAuthStore((s) => s.isOffline);
  const offline = !online || offlineSession;
  return (
    <span role="status" className="shell-offline">
      {offline && t('layout.offline')}
    </span>
  );
}

export function Layout() {
  // The language re-renders the sidebar too: its labels are picked per language.
  const { t, language } = useShellLocale();
  const user = useAuthStore((s) => s.user);
  const manifest = usePlatformStore((s) => s.manifest);
  const overridden = usePlatformStore((s) => s.overridden);
  // An older registry's manifest has no previews.
  const previews = manifest?.previews ?? [];
  const update = useUpdateStore((s) => (s.waiting ? s.apply : null));
  const logout = useAuthStore((s) => s.logout);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const sidebarId = useId();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const mainRef = useRef<HTMLElement>(null);
  const navRef = useRef<HTMLElement>(null);

  // The mobile sidebar is open only on the page where it was opened, so any navigation
  // (link, user menu, back button) closes it without an effect.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const sidebarOpen = openedOn === pathname;
  const closeSidebar = () => setOpenedOn(null);

  const offerUpdate = update && SHELL_PAGES.includes(pathname) ? update : null;
  const badges = Number(previews.length > 0) + Number(overridden.length > 0) + Number(offerUpdate !== null);
  const navigation = visibleNavigation(navigationFrom(manifest, language), user?.role);
  useEffect(() => {
    if (!sidebarOpen) return;
    // Opening moves focus into the panel, so keyboard users land on the links they asked for.
    navRef.current?.querySelector<HTMLElement>('a')?.focus();
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape' && !event.defaultPrevented) {
        setOpenedOn(null);
        menuButtonRef.current?.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [sidebarOpen]);

  async function signOut() {
    await logout();
    // Replace, with no remembered page: the next person to sign in starts at the dashboard.
    navigate('/login', { replace: true });
  }

  function skipToMain(event: MouseEvent) {
    event.preventDefault(); // a hash link would become a router navigation
    mainRef.current?.focus();
  }

  return (
    <div
      className={['shell', sidebarOpen && 'is-sidebar-open', badges > 0 && 'has-badges'].filter(Boolean).join(' ')}
      style={badges > 0 ? ({ '--badges': badges } as CSSProperties) : undefined}
    >
      <a href="#main-content" className="shell-skip-link" onClick={skipToMain}>
        {t('layout.skipToMain')}
      </a>

      {/* The aside is the sidebar's column, as tall as the page however short or long it is; its
          inner panel sticks to the top, so the links stay in view while the page scrolls. */}
      <aside id={sidebarId} className="shell-sidebar">
        <div className="shell-sidebar-inner">
          <Link to="/dashboard" className="shell-brand" onClick={closeSidebar}>
            <span className="shell-brand-mark" aria-hidden="true">
              F
            </span>
            Flashcards
          </Link>
          <nav aria-label={t('nav.main')} ref={navRef}>
            <ul className="shell-nav">
              {navigation.map((entry) => (
                <SidebarLink key={entry.to} entry={entry} onNavigate={closeSidebar} />
              ))}
            </ul>
          </nav>
        </div>
      </aside>
      {sidebarOpen && <div className="shell-backdrop" aria-hidden="true" onClick={closeSidebar} />}

      <div className="shell-content">
        <header className="shell-topbar">
          <button
            ref={menuButtonRef}
            type="button"
            className="icon-btn shell-menu-toggle"
            aria-label={sidebarOpen ? t('layout.closeMenu') : t('layout.openMenu')}
            aria-expanded={sidebarOpen}
            aria-controls={sidebarId}
            onClick={() => setOpenedOn(sidebarOpen ? null : pathname)}
          >
            <Icon name={sidebarOpen ? 'close' : 'menu'} />
          </button>

          <TopSearch />
          <div className="shell-topbar-actions">
            <OfflineStatus />
            <NotificationsBell />
            <UserMenu user={user} onSignOut={() => void signOut()} />
          </div>
        </header>

        <main id="main-content" ref={mainRef} tabIndex={-1} className="shell-main">
          <Outlet />
        </main>
        {badges > 0 && (
          <div className="shell-badges">
            {previews.length > 0 && <PreviewBadge previews={previews} />}
            {overridden.length > 0 && <OverrideBadge remotes={overridden} />}
            {offerUpdate && <UpdateBadge apply={offerUpdate} />}
          </div>
        )}
      </div>
    </div>
  );
}
