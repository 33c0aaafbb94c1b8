// Card files in and out: CSV or tab-separated text with the columns question, answer, tags and,
// in our exports, notetype (basic, reversed, cloze, typed) and set, after Anki's `#notetype column` and
// `#deck column`: a re-import of our file gives back every note of its type in its set.
// Pure functions over strings; the rules about what makes a card valid live in service.ts.
import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

export const CSV_COLUMNS = ['question', 'answer', 'tags'] as const;
/** What our export writes: the note's type and its set after the plain columns. */
export const EXPORT_COLUMNS = [...CSV_COLUMNS, 'notetype', 'set'] as const;
/** Header names a file may use for the extra columns (Anki's names too). */
const NOTETYPE_NAMES = new Set(['notetype', 'note type', 'type', 'kind']);
const SET_NAMES = new Set(['set', 'deck']);
export const IMPORT_FORMATS = ['csv', 'tsv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** One data record of an import: `row` counts data records from 1 (header and blank lines excluded). */
export interface CsvRecord {
  row: number;
  fields: string[];
}

/** The text is not valid CSV/TSV (an unclosed quote...); `line` is where the parser gave up. */
export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`Invalid CSV at line ${line}: ${reason}`);
    this.name = 'CsvSyntaxError';
  }
}

/** A tab in the first non-empty line means tab-separated (what spreadsheets copy to the clipboard). */
export function detectFormat(text: string): ImportFormat {
  const firstLine = text.split(/\r?\n|\r/).find((line) => line.trim() !== '') ?? '';
  return firstLine.includes('\t') ? 'tsv' : 'csv';
}

/**
 * Splits the text into records. Quoted fields may hold delimiters, doubled quotes and line
 * breaks; a BOM and CRLF line ends are accepted. A first record reading question,answer[,tags]
 * (any case) is a header and skipped; blank lines are skipped. Fields are returned as written
 * (untrimmed); extra columns are kept so the caller can report them.
 */
export function parseCsvRecords(text: string, format: ImportFormat = detectFormat(text)): CsvRecord[] {
  return readCsv(text, format).records;
}

/** Where a header put the note type and the set (null: no such column). */
export interface CsvColumns {
  notetype: number | null;
  set: number | null;
  /** How many columns a record may fill. */
  count: number;
}

/** parseCsvRecords, and what the header (if any) says of the extra columns. */
export function readCsv(
  text: string,
  format: ImportFormat = detectFormat(text),
): { records: CsvRecord[]; columns: CsvColumns } {
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: format === 'tsv' ? '\t' : ',',
      bom: true,
      // Rows with too many or too few columns are reported per row, not as a file error.
      relax_column_count: true,
      // A stray quote inside an unquoted field (5" screen) is text, not a syntax error.
      relax_quotes: true,
      skip_empty_lines: true,
    }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? 1;
      throw new CsvSyntaxError(line, error.message);
    }
    throw error;
  }

  // A line of only spaces parses as one blank field: as empty as an empty line.
  const nonBlank = records.filter((fields) => fields.some((field) => field.trim() !== ''));
  const first = nonBlank[0];
  const columns = first ? headerColumns(first) : null;
  const dataRecords = columns ? nonBlank.slice(1) : nonBlank;
  return {
    records: dataRecords.map((fields, index) => ({ row: index + 1, fields: fields.map(restoreFormula) })),
    columns: columns ?? { notetype: null, set: null, count: CSV_COLUMNS.length },
  };
}

/** A header: question,answer[,tags] (any case), then optionally a note type and a set column. */
function headerColumns(fields: string[]): CsvColumns | null {
  const names = fields.map((field) => field.trim().toLowerCase());
  // Trailing empty cells of a spreadsheet's header are no columns.
  while (names.length > 2 && names[names.length - 1] === '') names.pop();
  if (names[0] !== 'question' || names[1] !== 'answer') return null;
  if (names.length === 2) return { notetype: null, set: null, count: 2 };
  if (names[2] !== 'tags') return null;
  const columns: CsvColumns = { notetype: null, set: null, count: names.length };
  for (let column = 3; column < names.length; column++) {
    const name = names[column]!;
    if (NOTETYPE_NAMES.has(name) && columns.notetype === null) columns.notetype = column;
    else if (SET_NAMES.has(name) && columns.set === null) columns.set = column;
    else return null;
  }
  return columns;
}

export interface CsvCard {
  question: string;
  answer: string;
  tags: string | null;
  /** The note's type and its set's name: written only when every card of the call has them. */
  kind?: string;
  set?: string | null;
}

// A spreadsheet runs a cell that starts with = + - @ (or tab / carriage return) as a formula
// (OWASP "CSV injection"). Such a cell is written with a leading apostrophe, which spreadsheets
// show as text; a cell that starts with an apostrophe gets one more, so our import, which takes
// exactly one off, gives back every text unchanged.
const FORMULA_START = /^[=+\-@\t\r']/;

export function neutraliseFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** The inverse of neutraliseFormula on our own exports; other text passes unchanged. */
export function restoreFormula(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/**
 * The header question,answer,tags and one line per card; quoting as CSV requires (RFC 4180).
 * `full` adds the notetype and set columns (what our export writes).
 */
export function stringifyCards(cards: Iterable<CsvCard>, header = true, full = false): string {
  const records = Array.from(cards, (card) =>
    (full
      ? [card.question, card.answer, card.tags ?? '', card.kind ?? 'basic', card.set ?? '']
      : [card.question, card.answer, card.tags ?? '']
    ).map(neutraliseFormula),
  );
  return stringify(records, { header, columns: [...(full ? EXPORT_COLUMNS : CSV_COLUMNS)] });
}

/** stringifyCards (full) of every batch in turn, as text chunks: the header, then each batch's lines. */
export async function* stringifyCardBatches(batches: AsyncIterable<CsvCard[]>): AsyncGenerator<string> {
  let header = true;
  for await (const batch of batches) {
    const text = stringifyCards(batch, header, true);
    header = false;
    if (text) yield text;
  }
  if (header) yield stringifyCards([], true, true);
}
