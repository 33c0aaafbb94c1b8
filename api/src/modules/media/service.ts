// The learner's images and sounds. An upload is checked by its bytes, not its label: the
// contract's MEDIA_TYPES only (SVG can carry script), at most MEDIA_MAX_BYTES, within the learner's
// quota. Its
// name is made safe for a card to refer to (letters, digits, `.-_`, the type's extension); a
// name already taken by other bytes gets a suffix (`cell-2.png`), as Anki does, so the cards
// showing the first image keep showing it; the same bytes under the same name are that file.
import { createHash } from 'node:crypto';
import {
  isMediaName,
  MEDIA_MAX_BYTES,
  MEDIA_QUOTA_BYTES,
  MEDIA_TYPES,
  type MediaFile,
  type MediaList,
  type MediaType,
} from '@flashcard/api-contract/schemas';
import { badRequest, HttpError, notFound } from '../../lib/http-error';
import { toTimestamp } from '../../lib/time';
import { presentMedia } from './presenter';
import type { MediaInfo, MediaRepository } from './repository';

export const MESSAGES = {
  notMedia: 'Files must be images (PNG, JPEG, GIF, WebP) or sounds (MP3, OGG/Opus, M4A, WAV)',
  empty: 'The file is empty',
  tooLarge: `Images and sounds can be at most ${MEDIA_MAX_BYTES / 1024 / 1024} MB`,
  quota: `Your images and sounds may take ${MEDIA_QUOTA_BYTES / 1024 / 1024} MB in all. Delete some to add more.`,
  notFound: 'File not found',
} as const;

/** An MPEG audio frame header (MP3 without an ID3 tag): 11 sync bits, a real version and layer. */
function mpegFrame(b: Buffer): boolean {
  if (b.length < 4 || b.readUInt8(0) !== 0xff || (b.readUInt8(1) & 0xe0) !== 0xe0) return false;
  const version = (b.readUInt8(1) >> 3) & 0b11; // 01 is reserved
  const layer = (b.readUInt8(1) >> 1) & 0b11; // 00 is reserved (and AAC's ADTS)
  const bitrate = b.readUInt8(2) >> 4; // 1111 is invalid
  return version !== 0b01 && layer !== 0b00 && bitrate !== 0b1111;
}

/** An ISO media file (MP4 family) whose brand says audio or a general MP4: `ftyp` at byte 4. */
const M4A_BRANDS = ['M4A ', 'M4B ', 'mp42', 'mp41', 'isom', 'iso2', 'dash'];

/** How each type we serve is told by its first bytes. */
const SIGNATURES: Record<MediaType, (bytes: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => ['GIF87a', 'GIF89a'].includes(b.toString('latin1', 0, 6)),
  'image/webp': (b) => b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP',
  'audio/mpeg': (b) => b.toString('latin1', 0, 3) === 'ID3' || mpegFrame(b),
  // Vorbis and Opus alike: the container is what the browser needs to know.
  'audio/ogg': (b) => b.toString('latin1', 0, 4) === 'OggS',
  'audio/mp4': (b) => b.toString('latin1', 4, 8) === 'ftyp' && M4A_BRANDS.includes(b.toString('latin1', 8, 12)),
  'audio/wav': (b) => b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WAVE',
};
const MEDIA_TYPE_NAMES = Object.keys(SIGNATURES) as MediaType[];
const NAME_MAX = 100;
const SUFFIX_TRIES = 1000;

/** What a card may call a file: the last path segment, safe characters only, the type's extension. */
export function safeMediaName(given: string | undefined, mime: MediaType): string {
  const base = (given ?? '').split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const [stemText, extension] = dot > 0 ? [base.slice(0, dot), base.slice(dot + 1).toLowerCase()] : [base, ''];
  const stem =
    stemText
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '')
      .slice(0, NAME_MAX) || (mime.startsWith('audio/') ? 'sound' : 'image');
  const allowed: readonly string[] = MEDIA_TYPES[mime];
  return `${stem}.${allowed.includes(extension) ? extension : allowed[0]}`;
}

export interface MediaServiceDeps {
  repository: MediaRepository;
  now: () => Date;
}

export class MediaService {
  constructor(private readonly deps: MediaServiceDeps) {}

  async list(userId: number): Promise<MediaList> {
    const [files, used] = await Promise.all([
      this.deps.repository.list(userId),
      this.deps.repository.usedBytes(userId),
    ]);
    return { files: files.map(presentMedia), used, quota: MEDIA_QUOTA_BYTES };
  }

  /** Stores an image or sound for the learner (uploads, and importers with a package's media); answers the name to use. */
  async store(userId: number, givenName: string | undefined, body: unknown): Promise<MediaFile> {
    if (!Buffer.isBuffer(body)) throw new HttpError(415, MESSAGES.notMedia);
    if (body.length === 0) throw badRequest(MESSAGES.empty);
    if (body.length > MEDIA_MAX_BYTES) throw new HttpError(413, MESSAGES.tooLarge);
    const mime = MEDIA_TYPE_NAMES.find((type) => SIGNATURES[type](body));
    if (!mime) throw new HttpError(415, MESSAGES.notMedia);

    const { repository } = this.deps;
    const sha256 = createHash('sha256').update(body).digest('hex');
    const wanted = safeMediaName(givenName, mime);
    const dot = wanted.lastIndexOf('.');
    for (let n = 1; n <= SUFFIX_TRIES; n++) {
      const name = n === 1 ? wanted : `${wanted.slice(0, dot)}-${n}${wanted.slice(dot)}`;
      const taken = await repository.find(userId, name);
      if (taken) {
        if (taken.sha256 === sha256) return presentMedia(taken);
        continue;
      }
      if ((await repository.usedBytes(userId)) + body.length > MEDIA_QUOTA_BYTES)
        throw new HttpError(413, MESSAGES.quota);
      const file: MediaInfo = {
        name,
        mime,
        size: body.length,
        sha256,
        created_at: toTimestamp(this.deps.now()),
      };
      // Taken by a simultaneous upload: try the next name.
      if (await repository.insert(userId, { ...file, data: body })) return presentMedia(file);
    }
    throw badRequest('Too many files share this name. Please rename the file.');
  }

  async file(userId: number, name: string): Promise<{ mime: string; data: Buffer }> {
    const file = isMediaName(name) ? await this.deps.repository.file(userId, name) : undefined;
    if (!file) throw notFound(MESSAGES.notFound);
    return { mime: file.mime, data: Buffer.from(file.data) };
  }

  async remove(userId: number, name: string): Promise<void> {
    if (!isMediaName(name) || !(await this.deps.repository.remove(userId, name))) throw notFound(MESSAGES.notFound);
  }
}
