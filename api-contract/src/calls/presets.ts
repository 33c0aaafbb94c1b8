// The set options dialog's calls (schemas/presets.ts): the learner's presets, their changes, and
// which preset a set uses.
import { presetsEndpoints as ep, type PresetInput } from '../schemas/presets';
import { callEndpoint } from './call';

export const presetsApi = {
  /** Every preset, the default first, each with the sets using it. */
  list: () => callEndpoint(ep.list, {}),
  /** A new preset; fields not given take the default preset's. */
  create: (input: PresetInput & { name: string }) => callEndpoint(ep.create, { body: input }),
  /** Changes the fields given (the default preset: the account's study settings). */
  update: (id: number, input: PresetInput) => callEndpoint(ep.update, { params: { id: String(id) }, body: input }),
  /** Deletes a preset; its sets go back to the default. */
  remove: (id: number) => callEndpoint(ep.remove, { params: { id: String(id) } }),
  /** The preset set `setId` uses (0: the default). */
  assign: (setId: number, presetId: number) =>
    callEndpoint(ep.assign, { params: { id: String(setId) }, body: { presetId } }),
};
