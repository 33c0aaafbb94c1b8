import { toast } from 'react-hot-toast';
import { getErrorMessage, i18n, serverErrorOf } from '@flashcard/shared-auth';
import '../i18n'; // registers the namespace of `withReason`

/**
 * Shows the screen's own message for a failed call (spec 8, "Screen toasts") as the ONE toast of
 * that failure. The kernel's client has already toasted its generic text for it (the server's
 * `error`, or the network/timeout text) under the id of that text (the shell's notifier dedupes
 * by message); the screen's toast takes that id, so it replaces the generic one in place instead
 * of showing beside it. A failure the client did not toast (no text) simply gets a new toast.
 *
 * `withReason` (for our own wordings, never the spec's quoted ones) keeps what the server said,
 * which the replaced toast carried: 'Failed to create set: A set with that name exists' (joined
 * the current language's way; the server's text itself is not translated).
 *
 * `message` is already in the page's language (the caller's `i18n.t`).
 */
export function toastFailure(message: string, err: unknown, { withReason = false } = {}): void {
  const generic = getErrorMessage(err);
  const reason = withReason ? serverErrorOf(err) : undefined;
  const text = reason ? i18n.t('study:withReason', { message, reason }) : message;
  if (generic) toast.error(text, { id: generic });
  else toast.error(text);
}
