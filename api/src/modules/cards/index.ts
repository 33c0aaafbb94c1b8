// What the rest of the API uses of the cards module (other modules import it from here only).
export { CURSOR_HEADER, presentCard, TOTAL_HEADER } from './presenter';
export { CardsRepository, selectCardsWithSet, type AddedCard, type CardWithSet } from './repository';
export { default as cardRoutes } from './routes';
export { CardsService, importedNoteError, slugify } from './service';
export { BulkService } from './bulk';
export { cleanField, type ParsedNote } from './note-import';
export { compareNotes, writeNotes } from './write-notes';
