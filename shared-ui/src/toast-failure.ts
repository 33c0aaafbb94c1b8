import { toast } from 'react-hot-toast';
import { failureToastId, getErrorMessage, serverErrorOf } from '@flashcard/shared-auth';
import { uiText } from './i18n';

/**
 * Shows a screen's own text for a failed call as the ONE toast of that failure: the kernel's
 * client has already toasted its generic text for it (the server's `error`, or the network or
 * timeout text) under `failureToastId`, and this text takes that id, so it replaces the generic
 * toast in place. A failure the client did not toast (no text) simply gets a new toast.
 *
 * `text` is already in the page's language. `withReason` (for our own wordings, never the spec's
 * quoted ones) keeps what the server said, which the replaced toast carried, joined the
 * language's way: 'Failed to create set: A set with that name exists'.
 */
export function toastFailure(text: string, err: unknown, { withReason = false } = {}): void {
  const reason = withReason ? serverErrorOf(err) : undefined;
  const shown = reason ? uiText('withReason', { message: text, reason }) : text;
  const generic = getErrorMessage(err);
  if (generic) toast.error(shown, { id: failureToastId(generic) });
  else toast.error(shown);
}
