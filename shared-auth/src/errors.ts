// The error catalogue, in one place: the texts a user reads for a failed call, exact in English.
import axios from 'axios';

export const ERROR_TEXTS = {
  network: 'Network error. Please check your connection.',
  timeout: 'Request timed out. Please try again.',
  noResponse: 'Unable to connect to server.',
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  passwordChangeFailed: 'Password change failed',
} as const;

/** The `error` field of an API error response, if it carries one. */
export function serverErrorOf(err: unknown): string | undefined {
  if (!axios.isAxiosError(err)) return undefined;
  const data = err.response?.data as { error?: unknown } | undefined;
  return typeof data?.error === 'string' && data.error ? data.error : undefined;
}

/**
 * The text a user should read for a failed call: the server's `error`, else the transport
 * problem, else `fallback` (HTTP statuses themselves are never shown).
 */
export function getErrorMessage(err: unknown, fallback?: string): string | undefined {
  const server = serverErrorOf(err);
  if (server) return server;
  if (axios.isAxiosError(err) && !err.response) {
    if (err.code === 'ECONNABORTED' || err.code === 'ETIMEDOUT') return ERROR_TEXTS.timeout;
    if (err.code === 'ERR_NETWORK') return ERROR_TEXTS.network;
    return ERROR_TEXTS.noResponse;
  }
  return fallback;
}

/**
 * The toast id under which a failed call's text is shown. The shell's notifier uses it for the
 * client's generic toast; a screen that words the same failure itself
 * shows its text under the same id, replacing the generic toast: one failure, one toast.
 */
export function failureToastId(message: string): string {
  return `call-failed:${message}`;
}
