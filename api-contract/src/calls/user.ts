// The account's own calls (schemas/settings.ts): its settings and its display name.
import { settingsEndpoints as ep, type ProfileInput, type UserSettingsInput } from '../schemas/settings';
import { callEndpoint } from './call';

export const userApi = {
  /** The account's settings (the spec's defaults until changed). */
  settings: () => callEndpoint(ep.getSettings, {}),
  /** Saves the fields given and answers the whole settings. */
  updateSettings: (settings: UserSettingsInput) => callEndpoint(ep.updateSettings, { body: settings }),
  /** Renames the account; answers the user as /auth/me presents it. */
  updateProfile: (input: ProfileInput) => callEndpoint(ep.updateProfile, { body: input }),
};
