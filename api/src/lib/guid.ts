// A note's identity (cards.note_guid): random, so notes made on several instances never collide;
// imports keep the guid of the file instead, which is how a re-import finds the note again.
import { randomBytes } from 'node:crypto';

export function newNoteGuid(): string {
  return randomBytes(9).toString('base64url');
}
