// The whole .apkg import on a worker thread with its own connection to the app's SQLite file:
// reading, replaying, the media and the one write transaction all happen here, so the app's
// connection (SQLite's only one in the process) keeps answering other requests meanwhile, and
// the request thread never holds the package's notes and logs at all.
import type { ApkgImportResult, DuplicateChoice } from '@flashcard/api-contract/schemas';
import type { ApkgLimits } from '../../config';
import { openSqliteSide } from '../../db';
import { MediaRepository, MediaService } from '../media';
import { PackagesService } from './service';

export async function importOnOwnConnection(
  file: string,
  userId: number,
  bytes: Uint8Array,
  options: { dryRun?: string; categoryId?: string; duplicates?: DuplicateChoice },
  nowMs: number,
  limits: ApkgLimits,
): Promise<ApkgImportResult> {
  const db = openSqliteSide(file);
  const now = () => new Date(nowMs);
  try {
    const media = new MediaService({ repository: new MediaRepository(db), now });
    const service = new PackagesService({ db, media, now, limits, inWorker: true });
    return await service.importApkg(userId, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), options);
  } finally {
    await db.destroy();
  }
}
