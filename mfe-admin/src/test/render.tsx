// Test helpers: the signed-in user in THE shared store, and the app mounted like the shell does.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { useAuthStore, type Role } from '@flashcard/shared-auth';
import AdminApp from '../App';

export function signInAs(role: Role) {
  useAuthStore.setState({
    user: {
      id: 1,
      email: 'signed-in@example.com',
      display_name: 'Signed In',
      role,
      created_at: '2025-01-01T00:00:00Z',
    },
    isAuthenticated: true,
    isLoading: false,
  });
}

export function signOut() {
  useAuthStore.setState({ user: null, isAuthenticated: false });
}

/** Shows the current path, so a test can see where a link or redirect led. */
function LocationProbe() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

/** The remote at `path`, inside a router whose `/admin/*` route mounts it (as the shell's does). */
export function renderAdminApp(path = '/admin', extra?: ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      {extra}
      <Routes>
        <Route path="/admin/*" element={<AdminApp />} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}
