// Unpacking a package's members within hard caps, so a small upload cannot become gigabytes in
// memory (a zip bomb: 1 MB of DEFLATE holds 1 GB of zeros; zstd does better still). The zip is
// read by its central directory (yauzl); a member is refused before any of it is inflated when
// its header already says it is too large, and while it streams when it turns out larger than
// its header said (yauzl counts, then our own count per member and for the whole package). Zstd
// data (the current format's collection, media map and media) streams through fzstd with the
// same counts, after every frame's window (the buffer fzstd allocates up front, taken from the
// frame header) is checked. Nested archives are never opened: a member is only ever bytes.
import type { Readable } from 'node:stream';
import { Decompress } from 'fzstd';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { ApkgLimits } from '../../config';
import { HttpError } from '../../lib/http-error';

const MB = 1024 * 1024;
const mb = (bytes: number) => `${Math.floor(bytes / MB).toLocaleString('en')} MB`;

export const UNPACK_MESSAGES = {
  notAZip: 'This is not an Anki package (.apkg): it is not a zip file',
  tooManyFiles: (max: number) =>
    `This package holds more than ${max.toLocaleString('en')} files, more than an import can take`,
  memberTooLarge: (name: string, max: number) =>
    `The file "${name}" inside this package unpacks to more than ${mb(max)}, more than an import can take`,
  totalTooLarge: (max: number) => `This package unpacks to more than ${mb(max)}, more than an import can take`,
  mediaListTooLong: (max: number) =>
    `This package's media list names more than ${max.toLocaleString('en')} files, more than an import can take`,
  damaged: (name: string) => `This package is damaged: the file "${name}" inside it is not the size it says`,
  unreadable: (name: string) => `This package is damaged: the file "${name}" inside it cannot be unpacked`,
} as const;

/** A package that cannot be unpacked; its message is for the learner (400). */
export class ApkgError extends Error {
  override name = 'ApkgError';
}

const ZSTD_MAGIC = 0xfd2fb528;
/** What fzstd refuses anyway (its own limit): no window is larger. */
const ZSTD_MAX_WINDOW = 2_145_386_496;
/** Compressed bytes handed to a decoder at once: what one push may expand into stays small. */
const PUSH_BYTES = 64 * 1024;

export const isZstd = (bytes: Uint8Array) =>
  bytes.length >= 4 && Buffer.from(bytes.buffer, bytes.byteOffset, 4).readUInt32LE(0) === ZSTD_MAGIC;

/** The package's members by name, read on demand within the package's caps. */
export class PackageFiles {
  /** Bytes unpacked so far and still held (a zstd member's compressed form is given back). */
  private held = 0;

  private constructor(
    private readonly zip: ZipFile,
    private readonly entries: Map<string, Entry>,
    private readonly limits: ApkgLimits,
  ) {}

  /** Lists the members (the central directory only: nothing is inflated). */
  static async open(bytes: Uint8Array, limits: ApkgLimits): Promise<PackageFiles> {
    let zip: ZipFile;
    try {
      zip = await yauzl.fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), {
        lazyEntries: true,
        autoClose: false,
        validateEntrySizes: true,
      });
    } catch {
      throw new ApkgError(UNPACK_MESSAGES.notAZip);
    }
    // The end record's count first (nothing listed yet), then the listing itself, which is what counts.
    if (zip.entryCount > limits.maxFiles) throw new HttpError(413, UNPACK_MESSAGES.tooManyFiles(limits.maxFiles));
    const entries = new Map<string, Entry>();
    let count = 0;
    try {
      for await (const entry of zip.eachEntry()) {
        if (++count > limits.maxFiles) throw new HttpError(413, UNPACK_MESSAGES.tooManyFiles(limits.maxFiles));
        if (!entry.fileName.endsWith('/')) entries.set(entry.fileName, entry);
      }
    } catch (error) {
      zip.close();
      if (error instanceof HttpError) throw error;
      throw new ApkgError(UNPACK_MESSAGES.notAZip);
    }
    return new PackageFiles(zip, entries, limits);
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /**
   * The member's bytes, zstd data decompressed, or null when there is no such member. `maxBytes`
   * narrows the per-member cap (the media map's is smaller).
   */
  async read(name: string, maxBytes = this.limits.maxMemberBytes): Promise<Uint8Array | null> {
    const entry = this.entries.get(name);
    if (!entry) return null;
    const cap = Math.min(maxBytes, this.limits.maxMemberBytes);
    // The header is believed only to refuse early: the streams below count for themselves.
    if (entry.uncompressedSize > cap) throw new HttpError(413, UNPACK_MESSAGES.memberTooLarge(name, cap));
    if (this.held + entry.uncompressedSize > this.limits.maxUnpackedBytes)
      throw new HttpError(413, UNPACK_MESSAGES.totalTooLarge(this.limits.maxUnpackedBytes));
    const stored = await this.inflate(entry, cap);
    if (!isZstd(stored)) return stored;
    const plain = this.unzstd(name, stored, cap);
    this.held -= stored.length;
    return plain;
  }

  close(): void {
    this.zip.close();
  }

  /** Counts `bytes` more against the package's total; past it, refuses. */
  private take(bytes: number): void {
    this.held += bytes;
    if (this.held > this.limits.maxUnpackedBytes)
      throw new HttpError(413, UNPACK_MESSAGES.totalTooLarge(this.limits.maxUnpackedBytes));
  }

  private async inflate(entry: Entry, cap: number): Promise<Uint8Array> {
    const name = entry.fileName;
    let stream: Readable;
    try {
      stream = await this.zip.openReadStreamPromise(entry);
    } catch {
      throw new ApkgError(UNPACK_MESSAGES.unreadable(name));
    }
    // Sized by the header (already within the caps), so the member is held once, not again
    // to join its chunks; a stream that brings more is refused before it is written.
    const out = Buffer.allocUnsafe(entry.uncompressedSize);
    let size = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        if (size + chunk.length > cap) throw new HttpError(413, UNPACK_MESSAGES.memberTooLarge(name, cap));
        if (size + chunk.length > out.length) throw new HttpError(422, UNPACK_MESSAGES.damaged(name));
        this.take(chunk.length);
        out.set(chunk, size);
        size += chunk.length;
      }
    } catch (error) {
      stream.destroy();
      if (error instanceof HttpError) throw error;
      // yauzl's own count: more (or fewer) bytes than the central directory says.
      if (error instanceof Error && /bytes in the stream/.test(error.message))
        throw new HttpError(422, UNPACK_MESSAGES.damaged(name));
      throw new ApkgError(UNPACK_MESSAGES.unreadable(name));
    }
    if (size !== out.length) throw new HttpError(422, UNPACK_MESSAGES.damaged(name));
    return out;
  }

  private unzstd(name: string, data: Uint8Array, cap: number): Uint8Array {
    // fzstd allocates each frame's window before decoding it: a header may claim gigabytes.
    let windows: number[];
    try {
      windows = zstdWindows(data);
    } catch {
      throw new ApkgError(UNPACK_MESSAGES.unreadable(name));
    }
    if (windows.some((window) => window > cap)) throw new HttpError(413, UNPACK_MESSAGES.memberTooLarge(name, cap));
    const chunks: Uint8Array[] = [];
    let size = 0;
    // Throwing in ondata stops push() at once: at most one block (128 KB, an RLE block 2 MB) past the cap.
    const decoder = new Decompress((chunk) => {
      size += chunk.length;
      if (size > cap) throw new HttpError(413, UNPACK_MESSAGES.memberTooLarge(name, cap));
      this.take(chunk.length);
      // fzstd may hand out views of its window that it overwrites later.
      chunks.push(chunk.slice());
    });
    try {
      if (data.length === 0) decoder.push(data, true);
      for (let start = 0; start < data.length; start += PUSH_BYTES)
        decoder.push(data.subarray(start, start + PUSH_BYTES), start + PUSH_BYTES >= data.length);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw new ApkgError(UNPACK_MESSAGES.unreadable(name));
    }
    return Buffer.concat(chunks, size);
  }
}

/**
 * The window size of each zstd frame in `data` (skippable frames have none), walking frame and
 * block headers only, as the decoder will meet them (RFC 8878 section 3.1).
 */
export function zstdWindows(data: Uint8Array): number[] {
  const view = Buffer.from(data.buffer, data.byteOffset, data.length);
  const windows: number[] = [];
  let at = 0;
  while (at < view.length) {
    const magic = view.readUInt32LE(at);
    if ((magic & 0xfffffff0) === 0x184d2a50) {
      at += 8 + view.readUInt32LE(at + 4);
      continue;
    }
    if (magic !== ZSTD_MAGIC) throw new Error('not a zstd frame');
    const descriptor = view[at + 4]!;
    const singleSegment = (descriptor >> 5) & 1;
    const checksum = (descriptor >> 2) & 1;
    const dictionaryBytes = [0, 1, 2, 4][descriptor & 3]!;
    const sizeBytes = [singleSegment, 2, 4, 8][descriptor >> 6]!;
    let header = at + 5;
    let window = 0;
    if (!singleSegment) {
      const exponent = 10 + (view[header]! >> 3);
      const base = 2 ** exponent;
      window = base + (base / 8) * (view[header]! & 7);
      header += 1;
    }
    header += dictionaryBytes;
    if (singleSegment) {
      // The content size is the window: up to 8 bytes, read as a double (exact to 2^53).
      let size = 0;
      for (let k = sizeBytes - 1; k >= 0; k--) size = size * 256 + view[header + k]!;
      window = sizeBytes === 2 ? size + 256 : size;
    }
    header += sizeBytes;
    if (window > ZSTD_MAX_WINDOW) window = Infinity;
    windows.push(window);
    at = header;
    for (;;) {
      const block = view[at]! | (view[at + 1]! << 8) | (view[at + 2]! << 16);
      const type = (block >> 1) & 3;
      if (type === 3) throw new Error('reserved block type');
      at += 3 + (type === 1 ? 1 : block >>> 3);
      if (block & 1) break;
      if (at > view.length) throw new Error('truncated frame');
    }
    at += checksum ? 4 : 0;
  }
  return windows;
}
