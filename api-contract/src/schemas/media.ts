// /api/media: the learner's images, which cards show by file name (`![cell](mitosis.png)` or
// `<img src="mitosis.png">`). Uploaded as the image's own bytes with its Content-Type; served
// only to their owner (the browser fetches them through the client and shows a blob: URL).
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { errorResponses } from './common';

/**
 * The image types a card may show, PNG, JPEG, GIF and WebP (not SVG: it can carry script), each
 * with the extensions its files go by; a stored file gets the first.
 */
export const MEDIA_TYPES = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
} as const;
export type MediaType = keyof typeof MEDIA_TYPES;
/** Every extension of those types, lower case. */
export const MEDIA_EXTENSIONS: readonly string[] = Object.values(MEDIA_TYPES).flat();
/** Largest image, in bytes. */
export const MEDIA_MAX_BYTES = 2 * 1024 * 1024;
/** What a learner may store in all, in bytes. */
export const MEDIA_QUOTA_BYTES = 50 * 1024 * 1024;

const MEDIA_NAME = new RegExp(`^[A-Za-z0-9_][A-Za-z0-9._-]{0,110}\\.(${MEDIA_EXTENSIONS.join('|')})$`);

/**
 * What a card can name as its image: the server gives every stored file such a name (letters,
 * digits, `._-`, the type's extension). Anything else in an image source names no file of ours.
 */
export function isMediaName(name: string): boolean {
  return MEDIA_NAME.test(name);
}

export const MediaFile = Type.Object({
  /** The name cards use; the server may have changed the one given (safe characters, a suffix when taken). */
  name: Type.String(),
  mime: Type.String(),
  size: Type.Integer(),
  createdAt: Type.String(),
});

export const MediaList = Type.Object({
  files: Type.Array(MediaFile),
  /** Bytes stored and allowed in all. */
  used: Type.Integer(),
  quota: Type.Integer(),
});

const MediaName = Type.Object({ name: Type.String({ maxLength: 200 }) });

export const mediaEndpoints = {
  list: endpoint('GET', '/media', {
    response: { 200: MediaList, ...errorResponses(401) },
  }),
  /** The body is the image's bytes with its Content-Type; `name` is the file name it had. */
  upload: endpoint('POST', '/media', {
    querystring: Type.Object({ name: Type.Optional(Type.String({ maxLength: 200 })) }),
    response: { 201: MediaFile, ...errorResponses(400, 401, 413, 415) },
  }),
  /** The image's bytes (only the owner's; another learner's name is 404 like a missing one). */
  file: endpoint('GET', '/media/:name', {
    params: MediaName,
    response: { 200: Type.Unknown(), ...errorResponses(401, 404) },
  }),
  remove: endpoint('DELETE', '/media/:name', {
    params: MediaName,
    response: { 204: Type.Null(), ...errorResponses(401, 404) },
  }),
};

export type MediaFile = Static<typeof MediaFile>;
export type MediaList = Static<typeof MediaList>;
