// The kernel's own calls: the ones the auth store makes to sign in, sign up, sign out, read the
// current user and change the password (the token refresh is in client.ts). Their shapes and
// paths are the contract's (api-contract/src/schemas/auth.ts), imported as types only, so the
// kernel bundle carries no contract code; the contract's `authApi` is this object.
import type { authEndpoints, RegisterInput, RequestOf, ResponseOf } from '@flashcard/api-contract/schemas';
import { apiClient, AUTH_PATHS } from './client';

type Auth = typeof authEndpoints;
type Body<K extends keyof Auth> = RequestOf<Auth[K]> extends { body?: infer B } ? B : never;

// Auth calls show their errors in the form itself, never as a toast.
const quiet = { skipErrorToast: true };

function post<K extends 'register' | 'login' | 'logout' | 'changePassword'>(call: K, body: Body<K>) {
  return apiClient.post<ResponseOf<Auth[K]>>(AUTH_PATHS[call], body, quiet).then((r) => r.data);
}

export const authCalls = {
  login: (email: string, password: string) => post('login', { email, password }),
  register: (input: RegisterInput) => post('register', input),
  /** The refresh token is the HttpOnly cookie the server reads (and clears); the body names none. */
  logout: () => post('logout', {}),
  me: () => apiClient.get<ResponseOf<Auth['me']>>(AUTH_PATHS.me, quiet).then((r) => r.data),
  changePassword: (oldPassword: string, newPassword: string) => post('changePassword', { oldPassword, newPassword }),
};
