// The top bar's bell: the unread count as a badge (and in the button's name), and a small
// non-modal dialog with the latest notifications, "Mark all as read" and "Mark as read" per item.
// Escape or a click outside closes it; Escape returns focus to the bell.
import { useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import { Link } from 'react-router-dom';
import { notificationsApi, type AppNotification } from '@flashcard/api-contract';
import { relativeTime, type LoadState } from '@flashcard/shared-ui';
import { shellText, useShellLocale } from '../i18n';
import { Icon } from './Icon';
import { notificationText } from './notification-text';
import { useUnreadCount } from './use-unread-count';
import { useBrowserNotifications } from './browser-notifications';
import { onNotificationsChanged } from './notifications-changed';

export const NOTIFICATIONS_SHOWN = 10;

export function bellLabel(count: number, t = shellText): string {
  return count > 0 ? t('notifications.bellUnread', { count }) : t('notifications.title');
}

export function NotificationsBell() {
  const { t, language } = useShellLocale();
  const { count, setCount } = useUnreadCount();
  useBrowserNotifications(count);
  const [open, setOpen] = useState(false);
  // Loaded again at each opening (the list changes while it is closed), so not useLoad's mount-time load.
  const [list, setList] = useState<LoadState<AppNotification[]>>({ status: 'loading' });
  const [announcement, setAnnouncement] = useState('');
  const [busy, setBusy] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const headingId = useId();
  const loadRef = useRef(0);

  function load() {
    const request = ++loadRef.current;
    setList({ status: 'loading' });
    notificationsApi.list(NOTIFICATIONS_SHOWN).then(
      (answer) => {
        if (request !== loadRef.current) return;
        setList({ status: 'ready', data: answer.notifications });
        setCount(answer.unreadCount);
      },
      (error: unknown) => request === loadRef.current && setList({ status: 'failed', error }),
    );
  }

  // Open while a page changes the notifications (the bonus claimed): show the list as it is now.
  useEffect(() => (open ? onNotificationsChanged(load) : undefined));

  function toggle() {
    if (open) {
      setOpen(false);
      return;
    }
    setAnnouncement('');
    setOpen(true);
    load();
  }

  useEffect(() => {
    if (!open) return;
    panelRef.current?.focus();

    function onPointerDown(event: MouseEvent) {
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

  // Leaving the dialog with Tab closes it, as with the user menu.
  function onBlur(event: FocusEvent) {
    const next = event.relatedTarget as Node | null;
    if (next && !containerRef.current?.contains(next)) setOpen(false);
  }

  const items = list.status === 'ready' ? list.data : [];
  const unreadShown = items.filter((n) => !n.read).length;
  const nothingToMark = count === 0 && unreadShown === 0;

  async function markAll() {
    if (busy || nothingToMark) return;
    setBusy(true);
    try {
      await notificationsApi.markAllRead();
      setList((state) =>
        state.status === 'ready' ? { ...state, data: state.data.map((n) => ({ ...n, read: true })) } : state,
      );
      setCount(0);
      setAnnouncement(t('notifications.allMarked'));
    } catch {
      // The shared client has shown the error; the list stays as it was.
    } finally {
      setBusy(false);
    }
  }

  async function markOne(notification: AppNotification) {
    try {
      const answer = await notificationsApi.markRead(notification.id);
      const updated = answer?.notification ?? { ...notification, read: true };
      setList((state) =>
        state.status === 'ready'
          ? { ...state, data: state.data.map((n) => (n.id === notification.id ? { ...updated, read: true } : n)) }
          : state,
      );
      setCount(count - 1);
      setAnnouncement(t('notifications.oneMarked', { title: notificationText(notification, t).title }));
      // Its button is gone: keep the keyboard in the dialog.
      panelRef.current?.focus();
    } catch {
      // Shown by the shared client.
    }
  }

  return (
    <div className="shell-bell" ref={containerRef} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className="icon-btn"
        aria-label={bellLabel(count, t)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={toggle}
      >
        <Icon name="bell" />
        {count > 0 && (
          <span className="shell-bell-badge" aria-hidden="true" data-testid="notifications-badge">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      {open && (
        <div
          id={panelId}
          ref={panelRef}
          className="shell-menu shell-notifications"
          role="dialog"
          aria-labelledby={headingId}
          tabIndex={-1}
        >
          <div className="shell-notifications-header">
            <h2 id={headingId}>{t('notifications.title')}</h2>
            <button
              type="button"
              className="btn btn-small"
              aria-disabled={nothingToMark || busy}
              onClick={() => void markAll()}
            >
              {t('notifications.markAll')}
            </button>
          </div>

          {list.status === 'loading' && (
            <p className="shell-notifications-note muted" role="status">
              {t('notifications.loading')}
            </p>
          )}
          {list.status === 'failed' && (
            <div className="shell-notifications-note row">
              <span>{t('notifications.failed')}</span>
              <button type="button" className="btn btn-small" aria-label={t('notifications.retryLabel')} onClick={load}>
                {t('notifications.retry')}
              </button>
            </div>
          )}
          {list.status === 'ready' && items.length === 0 && (
            <p className="shell-notifications-note muted">{t('notifications.empty')}</p>
          )}
          {items.length > 0 && (
            <ul className="shell-notifications-list">
              {items.map((notification) => {
                const text = notificationText(notification, t);
                return (
                  <li key={notification.id} className={notification.read ? undefined : 'is-unread'}>
                    <div className="shell-notification-title">
                      {!notification.read && <span className="shell-notification-dot" aria-hidden="true" />}
                      {text.title}
                      {!notification.read && <span className="visually-hidden"> {t('notifications.unread')}</span>}
                    </div>
                    <p className="shell-notification-message">{text.message}</p>
                    {notification.type === 'daily_bonus' && !notification.read && (
                      <Link
                        to="/dashboard#daily-bonus"
                        className="shell-notification-action"
                        onClick={() => setOpen(false)}
                      >
                        {t('bonus.openFromBell')}
                      </Link>
                    )}
                    <div className="shell-notification-meta">
                      <time className="muted" dateTime={notification.created_at}>
                        {relativeTime(notification.created_at, { language })}
                      </time>
                      {!notification.read && (
                        <button
                          type="button"
                          className="shell-notification-mark"
                          aria-label={t('notifications.markOneLabel', { title: text.title })}
                          onClick={() => void markOne(notification)}
                        >
                          {t('notifications.markOne')}
                        </button>
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
          <p className="visually-hidden" role="status">
            {announcement}
          </p>
        </div>
      )}
    </div>
  );
}
