import { i18n, serverErrorOf } from '@flashcard/shared-auth';
import { toastFailure as toastOnce } from '@flashcard/shared-ui';
import '../i18n'; // registers the namespace of `withReason`

/**
 * A screen's message for a failed call, as the one toast of that
 * failure (see shared-ui's toastFailure). `message` is already in the page's language.
 * `withReason` (for our own wordings, never the spec's quoted ones) keeps what the server said,
 * joined the current language's way (the server's text itself is not translated).
 */
export function toastFailure(message: string, err: unknown, { withReason = false } = {}): void {
  const reason = withReason ? serverErrorOf(err) : undefined;
  toastOnce(reason ? i18n.t('study:withReason', { message, reason }) : message, err);
}
