// /api/media: the learner's images and sounds, which cards show by file name (`![cell](mitosis.png)`,
// `<img src="mitosis.png">`, `[sound:hello.mp3]`). Uploaded as the image's own bytes with its Content-Type; served
// only to their owner (the browser fetches them through the client and shows a blob: URL).
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { errorResponses } from './common';

/**
 * The image types a card may show, PNG, JPEG, GIF and WebP (not SVG: it can carry script), each
 * with the extensions its files go by; a stored file gets the first.
 */
export const IMAGE_TYPES = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
} as const;
/** The sounds a card may play (`[sound:name]`, Anki's reference), the same way. */
export const AUDIO_TYPES = {
  'audio/mpeg': ['mp3'],
  'audio/ogg': ['ogg', 'opus', 'oga'],
  'audio/mp4': ['m4a'],
  'audio/wav': ['wav'],
} as const;
export const MEDIA_TYPES = { ...IMAGE_TYPES, ...AUDIO_TYPES } as const;
export type MediaType = keyof typeof MEDIA_TYPES;
export type AudioType = keyof typeof AUDIO_TYPES;
export const IMAGE_EXTENSIONS: readonly string[] = Object.values(IMAGE_TYPES).flat();
export const AUDIO_EXTENSIONS: readonly string[] = Object.values(AUDIO_TYPES).flat();
/** Every extension of those types, lower case. */
export const MEDIA_EXTENSIONS: readonly string[] = Object.values(MEDIA_TYPES).flat();
/** Largest file (image or sound), in bytes. */
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

/** Whether a media name is a sound's (by the extension the server gave it). */
export function isAudioName(name: string): boolean {
  const dot = name.lastIndexOf('.');
  return dot > 0 && AUDIO_EXTENSIONS.includes(name.slice(dot + 1).toLowerCase());
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
