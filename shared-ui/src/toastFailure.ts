import { toast } from 'react-hot-toast';
import { failureToastId, getErrorMessage } from '@flashcard/shared-auth';

/**
 * Shows a screen's own text for a failed call as the ONE toast of that failure: the kernel's
 * client has already toasted its generic text for it (the server's `error`, or the network or
 * timeout text) under `failureToastId`, and this text takes that id, so it replaces the generic
 * toast in place. A failure the client did not toast (no text) simply gets a new toast.
 */
export function toastFailure(text: string, err: unknown): void {
  const generic = getErrorMessage(err);
  if (generic) toast.error(text, { id: failureToastId(generic) });
  else toast.error(text);
}
