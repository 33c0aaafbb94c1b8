// Card files in and out: CSV or tab-separated text with the columns question, answer, tags.
// Pure functions over strings; the rules about what makes a card valid live in service.ts.
import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

export const CSV_COLUMNS = ['question', 'answer', 'tags'] as const;
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
  const dataRecords = first && isHeader(first) ? nonBlank.slice(1) : nonBlank;
  return dataRecords.map((fields, index) => ({ row: index + 1, fields: fields.map(restoreFormula) }));
}

function isHeader(fields: string[]): boolean {
  const names = fields.map((field) => field.trim().toLowerCase());
  const expected = names.length === 2 ? CSV_COLUMNS.slice(0, 2) : CSV_COLUMNS;
  return names.length === expected.length && names.every((name, index) => name === expected[index]);
}

export interface CsvCard {
  question: string;
  answer: string;
  tags: string | null;
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

/** The header question,answer,tags and one line per card; quoting as CSV requires (RFC 4180). */
export function stringifyCards(cards: Iterable<CsvCard>, header = true): string {
  const records = Array.from(cards, (card) => [card.question, card.answer, card.tags ?? ''].map(neutraliseFormula));
  return stringify(records, { header, columns: [...CSV_COLUMNS] });
}

/** stringifyCards of every batch in turn, as text chunks: the header, then each batch's lines. */
export async function* stringifyCardBatches(batches: AsyncIterable<CsvCard[]>): AsyncGenerator<string> {
  let header = true;
  for await (const batch of batches) {
    const text = stringifyCards(batch, header);
    header = false;
    if (text) yield text;
  }
  if (header) yield stringifyCards([]);
}
