// The learner's images and sounds for studying offline. Card text names them (`![alt](cell.png)`,
// an <img> of imported HTML, Anki's `[sound:hello.mp3]` or an <audio>); each one a saved card
// shows is fetched while online and kept, and the study screens' resolver falls back to the kept
// copy when the network does not answer.
import { isMediaName, type ReviewQueue } from '@flashcard/api-contract';
import { failureKind } from '@flashcard/shared-ui';
import { studyDatabase } from './study-db';

/** At most this many files are fetched ahead per saved queue: a queue's cards, not a library. */
export const MEDIA_AHEAD_LIMIT = 50;

const MEDIA_SOURCES = [
  /!\[[^\]]*\]\(\s*<?([^)\s>]+)/g,
  /<(?:img|audio)\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/gi,
  /\[sound:([^\]\s"'<>]+)\]/g,
];

/** The names of the learner's files the text shows, as the renderer would find them. */
export function mediaNamesIn(text: string): string[] {
  const names = new Set<string>();
  for (const pattern of MEDIA_SOURCES) for (const [, source] of text.matchAll(pattern)) names.add(source);
  return [...names].filter(isMediaName);
}

const mediaKey = (userId: number, name: string) => `${userId}:${name}`;

async function keep(userId: number, name: string, blob: Blob): Promise<void> {
  const db = await studyDatabase();
  await db?.put('media', { key: mediaKey(userId, name), userId, bytes: await blob.arrayBuffer(), type: blob.type });
}

/** `fetchBlob` that keeps what it fetched and answers from what it kept when the network is off. */
export function offlineMediaFetch(
  userId: () => number | null,
  fetchBlob: (name: string) => Promise<Blob>,
): (name: string) => Promise<Blob> {
  return async (name) => {
    const learner = userId();
    try {
      const blob = await fetchBlob(name);
      if (learner !== null) void keep(learner, name, blob).catch(() => {});
      return blob;
    } catch (error) {
      if (learner === null || failureKind(error) !== 'network') throw error;
      const kept = await (await studyDatabase())?.get('media', mediaKey(learner, name));
      if (!kept) throw error;
      return new Blob([kept.bytes], { type: kept.type });
    }
  };
}

/** Fetches and keeps the images and sounds of a saved queue's cards that are not kept yet. */
export async function keepMediaOf(
  userId: number,
  queue: ReviewQueue,
  fetchBlob: (name: string) => Promise<Blob>,
): Promise<void> {
  const db = await studyDatabase();
  if (!db) return;
  const names = new Set<string>();
  for (const card of [...queue.due, ...queue.new])
    for (const name of mediaNamesIn(`${card.question}\n${card.answer}`)) names.add(name);
  for (const name of [...names].slice(0, MEDIA_AHEAD_LIMIT)) {
    if (await db.getKey('media', mediaKey(userId, name))) continue;
    try {
      await keep(userId, name, await fetchBlob(name));
    } catch (error) {
      if (failureKind(error) === 'network') return; // offline again: the rest another time
    }
  }
}
