// Account recovery (schemas/auth.ts): ask for a reset link, then set a new password with it.
// Signed-out calls the pages word their own failures for (no toast).
import { authEndpoints as ep, type ResetPasswordInput } from '../schemas/auth';
import { callEndpoint } from './call';

const quiet = { skipErrorToast: true };

export const recoveryApi = {
  /** 202 whether or not an account uses `email`; `delivery` says where links go on this server. */
  forgotPassword: (email: string) => callEndpoint(ep.forgotPassword, { body: { email } }, quiet),
  /** Sets the password the link's token allows; every session of the account ends. */
  resetPassword: (input: ResetPasswordInput) => callEndpoint(ep.resetPassword, { body: input }, quiet),
};
