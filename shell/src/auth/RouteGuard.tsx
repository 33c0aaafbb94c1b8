// The route guard. requireAuth defaults to true: a signed-out user on a protected page goes to
// /login and the page is remembered; a signed-in user on a guest page (requireAuth=false: login,
// signup) goes back where they came from, else /dashboard. A session the kernel restored offline
// (its last known profile, no access token) is signed in: its pages and areas open, their calls
// fail as offline calls do.
import { Navigate, Outlet, useLocation, type Location } from 'react-router-dom';
import { useAuthStore } from '@flashcard/shared-auth';
import { Spinner } from '@flashcard/shared-ui';
import { GUEST_PAGES } from '../pages/shell-pages';

export interface FromState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

/** Where a signed-in user should land: the remembered page, never a guest page. */
export function returnPath(state: unknown): string {
  const from = (state as FromState | null)?.from;
  if (!from?.pathname || GUEST_PAGES.some((page) => from.pathname === page || from.pathname.startsWith(`${page}/`)))
    return '/dashboard';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

export function RouteGuard({ requireAuth = true }: { requireAuth?: boolean }) {
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const isLoading = useAuthStore((s) => s.isLoading);
  const location = useLocation();

  // Guest pages never wait: the store's isLoading is also true while a sign-in is in flight, and
  // the form must stay mounted to show 'Signing in...' and the server's error. A protected page
  // waits for the one refresh that restores the session through the cookie (the entry chunk
  // started it): its first API call needs that access token anyway (the API checks every call;
  // a 401 later ends the session, and this guard then sends the user to /login).
  if (isLoading && requireAuth && !isAuthenticated) return <Spinner />;
  if (requireAuth && !isAuthenticated) {
    const from = { pathname: location.pathname, search: location.search, hash: location.hash };
    return <Navigate to="/login" replace state={{ from } satisfies FromState} />;
  }
  if (!requireAuth && isAuthenticated) return <Navigate to={returnPath(location.state)} replace />;
  return <Outlet />;
}
