// Notes from other programs' text exports, as pure functions over the text:
// - Anki's "Notes in Plain Text" (.txt): header lines `#separator:`, `#html:`, `#columns:`,
//   `#tags:`, `#tags column:`, `#guid column:`, `#deck column:`, `#notetype column:` (1-based),
//   then one note per record, fields quoted as CSV (doubled quotes, line breaks inside quotes);
// - Quizlet's export: term and definition split by a chosen separator, rows by another, no quoting.
// Every field goes through the importers' one sanitiser (lib/sanitize.ts `sanitizeImported`),
// whatever `#html:` says (a plain-text field's tags would render as HTML all the same); Anki's
// [sound:...] references stay (the card plays the file once the learner has it).
import { CsvError, parse } from 'csv-parse/sync';
import { ankiMathToMarkdown, type NoteKind } from '@flashcard/api-contract/schemas';
import { sanitizeImported } from '../../lib/sanitize';
import { CsvSyntaxError } from './csv';

export interface ParsedNote {
  /** 1-based record number (header lines excluded). */
  row: number;
  kind: NoteKind;
  question: string;
  answer: string;
  /** Comma-separated, as our cards keep them; null for none. */
  tags: string | null;
  /** The note's id in the exporting program: a re-import updates instead of duplicating. */
  guid: string | null;
  /** Anki's deck: our set (by name). */
  deck: string | null;
}

export interface ParsedNotes {
  notes: ParsedNote[];
  errors: Array<{ row: number; error: string }>;
}

const SEPARATOR_NAMES: Record<string, string> = {
  tab: '\t',
  comma: ',',
  semicolon: ';',
  space: ' ',
  pipe: '|',
  colon: ':',
};

/** Whether the text opens with Anki's header lines. */
export function looksLikeAnkiText(text: string): boolean {
  return /^\uFEFF?#(separator|html|columns|tags|guid column|deck column|notetype column|notetype|deck|tags column):/i.test(
    text,
  );
}

interface AnkiHeaders {
  separator: string;
  columns: string[] | null;
  tagsForAll: string[];
  tagsColumn: number | null;
  guidColumn: number | null;
  deckColumn: number | null;
  notetypeColumn: number | null;
  notetype: string | null;
  deck: string | null;
}

/** The header lines and where the records start. */
function readHeaders(text: string): { headers: AnkiHeaders; body: string } {
  const headers: AnkiHeaders = {
    separator: '\t',
    columns: null,
    tagsForAll: [],
    tagsColumn: null,
    guidColumn: null,
    deckColumn: null,
    notetypeColumn: null,
    notetype: null,
    deck: null,
  };
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  let index = 0;
  const column = (value: string) => {
    const number = Number(value.trim());
    return Number.isInteger(number) && number > 0 ? number - 1 : null;
  };
  for (; index < lines.length; index++) {
    const match = /^#([a-z ]+):(.*)$/i.exec(lines[index]!);
    if (!match) break;
    const key = match[1]!.trim().toLowerCase();
    const value = match[2]!;
    if (key === 'separator')
      headers.separator =
        SEPARATOR_NAMES[value.trim().toLowerCase()] ?? (value.length === 1 ? value : (value.trim()[0] ?? '\t'));
    else if (key === 'tags') headers.tagsForAll = value.trim().split(/\s+/).filter(Boolean);
    else if (key === 'tags column') headers.tagsColumn = column(value);
    else if (key === 'guid column') headers.guidColumn = column(value);
    else if (key === 'deck column') headers.deckColumn = column(value);
    else if (key === 'notetype column') headers.notetypeColumn = column(value);
    else if (key === 'notetype') headers.notetype = value.trim();
    else if (key === 'deck') headers.deck = value.trim();
    else if (key === 'columns') headers.columns = value.split(headers.separator).map((name) => name.trim());
  }
  return { headers, body: lines.slice(index).join('\n') };
}

/** An Anki field as a card keeps it: sanitised, its math in our form, its `[sound:]` references kept. */
export function cleanField(value: string): string {
  return ankiMathToMarkdown(sanitizeImported(value)).trim();
}

/**
 * Anki's "Basic" exports often hold the front side again above `<hr id=answer>` in the back
 * field ({{FrontSide}}<hr id=answer>...): the card's answer is what follows the divider.
 */
function answerPart(field: string): string {
  const divider = /<hr\s+id\s*=\s*["']?answer["']?\s*\/?>/i.exec(field);
  return divider ? field.slice(divider.index + divider[0].length).trim() : field;
}

function kindOf(notetype: string | null): NoteKind {
  const name = (notetype ?? '').toLowerCase();
  if (name.includes('cloze')) return 'cloze';
  if (name.includes('reverse')) return 'reversed';
  if (name.includes('type in')) return 'typed';
  return 'basic';
}

export function parseAnkiText(text: string): ParsedNotes {
  const { headers, body } = readHeaders(text);
  let records: string[][];
  try {
    records = parse(body, {
      delimiter: headers.separator,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    }) as string[][];
  } catch (error) {
    if (error instanceof CsvError)
      throw new CsvSyntaxError((error as CsvError & { lines?: number }).lines ?? 1, error.message);
    throw error;
  }
  const special = new Set(
    [headers.tagsColumn, headers.guidColumn, headers.deckColumn, headers.notetypeColumn].filter((c) => c !== null),
  );
  const result: ParsedNotes = { notes: [], errors: [] };
  records.forEach((fields, index) => {
    const row = index + 1;
    const at = (column: number | null) => (column === null ? null : (fields[column] ?? '').trim() || null);
    // The note's own fields, in order, around the columns that say something about it.
    const content = fields.filter((_, column) => !special.has(column));
    const notetype = at(headers.notetypeColumn) ?? headers.notetype;
    const kind = kindOf(notetype);
    const question = cleanField(content[0] ?? '');
    const answer = cleanField(answerPart(content[1] ?? ''));
    if (!question) {
      result.errors.push({ row, error: 'Question is required' });
      return;
    }
    if (!answer && kind !== 'cloze') {
      result.errors.push({ row, error: 'Answer is required' });
      return;
    }
    const tags = [...headers.tagsForAll, ...(at(headers.tagsColumn)?.split(/\s+/) ?? [])].filter(Boolean);
    result.notes.push({
      row,
      kind,
      question,
      answer,
      tags: tags.length ? [...new Set(tags)].join(', ') : null,
      guid: at(headers.guidColumn),
      deck: at(headers.deckColumn) ?? headers.deck,
    });
  });
  return result;
}

/** Quizlet: `term<termSeparator>definition`, rows split by `rowSeparator`; the first separator splits. */
export function parseQuizlet(text: string, termSeparator = '\t', rowSeparator = '\n'): ParsedNotes {
  const rows = (rowSeparator === '\n' ? text.split(/\r?\n/) : text.split(rowSeparator)).map((row) =>
    row.replace(/^\r?\n|\r?\n$/g, ''),
  );
  const result: ParsedNotes = { notes: [], errors: [] };
  let row = 0;
  for (const line of rows) {
    if (line.trim() === '') continue;
    row += 1;
    const at = line.indexOf(termSeparator);
    if (at < 0) {
      result.errors.push({ row, error: 'Answer is required' });
      continue;
    }
    const question = sanitizeImported(line.slice(0, at)).trim();
    const answer = sanitizeImported(line.slice(at + termSeparator.length)).trim();
    if (!question) result.errors.push({ row, error: 'Question is required' });
    else if (!answer) result.errors.push({ row, error: 'Answer is required' });
    else result.notes.push({ row, kind: 'basic', question, answer, tags: null, guid: null, deck: null });
  }
  return result;
}
