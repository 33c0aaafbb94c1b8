import { serverErrorOf } from '@flashcard/shared-auth';
import { toastFailure as toastOnce } from '@flashcard/shared-ui';
import { withReason as withServerReason } from './messages';

/**
 * A screen's message for a failed call, as the one toast of that
 * failure (see shared-ui's toastFailure). `message` is already translated. `withReason` (for our
 * own wordings, never the spec's quoted ones) keeps what the server said, which the replaced
 * generic toast carried: 'Failed to create set: A set with that name exists'.
 */
export function toastFailure(message: string, err: unknown, { withReason = false } = {}): void {
  const reason = withReason ? serverErrorOf(err) : undefined;
  toastOnce(reason ? withServerReason(message, reason) : message, err);
}
