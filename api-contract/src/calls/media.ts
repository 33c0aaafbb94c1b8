// The learner's images (schemas/media.ts): upload the file itself, list, fetch as a Blob, delete.
import { mediaEndpoints as ep, type MediaFile } from '../schemas/media';
import { callEndpoint } from './call';

export const mediaApi = {
  list: () => callEndpoint(ep.list, {}),
  /** Sends the file's bytes with its type; answers the name to write in the card. */
  upload: (file: Blob, name: string): Promise<MediaFile> =>
    callEndpoint(ep.upload, { querystring: { name } }, { data: file, headers: { 'Content-Type': file.type } }),
  /**
   * The image's bytes, for a blob: URL (an <img> cannot send the access token itself). Quiet: a
   * card naming a missing image shows its alt text, not an error toast.
   */
  fetch: (name: string): Promise<Blob> =>
    callEndpoint(ep.file, { params: { name } }, { responseType: 'blob', skipErrorToast: true }) as Promise<Blob>,
  remove: (name: string) => callEndpoint(ep.remove, { params: { name } }),
};
