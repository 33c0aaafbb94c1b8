// media rows -> the contract's MediaFile.
import type { MediaFile } from '@flashcard/api-contract/schemas';
import type { MediaInfo } from './repository';

export const presentMedia = (file: MediaInfo): MediaFile => ({
  name: file.name,
  mime: file.mime,
  size: file.size,
  createdAt: file.created_at,
});
