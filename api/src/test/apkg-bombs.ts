// Decompression bombs for tests, built in milliseconds and ~1 MB per GiB without ever holding
// what they unpack to: one MiB of zeros is deflated once by fflate's streaming DEFLATE and
// sync-flushed to a byte boundary, after which the same bytes may follow themselves (each copy
// a complete stream of its own) as often as wanted; zstd bombs are RLE blocks written by hand.
import { Deflate, Zip, ZipPassThrough, type ZipInputFile } from 'fflate';

export const MiB = 1024 * 1024;

function deflate(data: Uint8Array, final: boolean): Uint8Array<ArrayBuffer> {
  const parts: Uint8Array[] = [];
  const stream = new Deflate({ level: 9 }, (chunk) => parts.push(chunk));
  stream.push(data, final);
  if (!final) stream.flush(true);
  return Buffer.concat(parts);
}

let zeroMiB: Uint8Array<ArrayBuffer> | undefined;
const END = deflate(new Uint8Array(0), true);

export type PackageMember =
  /** Stored as is. */
  | { name: string; data: Uint8Array }
  /** `mib` MiB of zeros, deflated; its headers say `claims` bytes (the true size unless given). */
  | { name: string; zerosMiB: number; claims?: number };

/** A zip of these members (by fflate's streaming Zip), the bombs among them ~1 KB per MiB. */
export function zipOf(members: PackageMember[]): Uint8Array {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk);
  });
  for (const member of members) {
    if ('data' in member) {
      const file = new ZipPassThrough(member.name);
      zip.add(file);
      file.push(member.data, true);
      continue;
    }
    zeroMiB ??= deflate(new Uint8Array(MiB), false);
    // The CRC is never reached: every reader here stops long before the end.
    const file: ZipInputFile = {
      filename: member.name,
      size: member.claims ?? member.zerosMiB * MiB,
      crc: 0,
      compression: 8,
    };
    zip.add(file);
    for (let k = 0; k < member.zerosMiB; k++) file.ondata!(null, zeroMiB, false);
    file.ondata!(null, END, true);
  }
  zip.end();
  return Buffer.concat(chunks);
}

const RLE_BLOCK = 128 * 1024;

/**
 * A zstd frame of `bytes` zeros (a multiple of 128 KiB) that does not say its size: RLE blocks
 * of 128 KiB, 4 bytes each. `windowLog` sets the window its header asks for (17: 128 KiB).
 */
export function zstdZeros(bytes: number, windowLog = 17): Uint8Array {
  const blocks = bytes / RLE_BLOCK;
  const frame = Buffer.alloc(6 + blocks * 4);
  frame.writeUInt32LE(0xfd2fb528, 0);
  // Descriptor 0: no content size, not single-segment, no checksum, no dictionary.
  frame[4] = 0;
  frame[5] = (windowLog - 10) << 3;
  for (let k = 0; k < blocks; k++) {
    const header = (k === blocks - 1 ? 1 : 0) | (1 << 1) | (RLE_BLOCK << 3);
    frame.writeUIntLE(header, 6 + k * 4, 3);
    frame[6 + k * 4 + 3] = 0;
  }
  return frame;
}
