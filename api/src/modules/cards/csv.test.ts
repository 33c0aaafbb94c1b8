import {
  CsvSyntaxError,
  detectFormat,
  neutraliseFormula,
  parseCsvRecords,
  restoreFormula,
  stringifyCards,
} from './csv';

const fieldsOf = (text: string, format?: 'csv' | 'tsv') => parseCsvRecords(text, format).map((record) => record.fields);

describe('detectFormat', () => {
  it.each([
    ['question,answer\nq,a', 'csv'],
    ['question\tanswer\nq\ta', 'tsv'],
    ['\n\n  \nq\ta,b', 'tsv'],
    // Only the first non-empty line decides.
    ['q,a\nx\ty', 'csv'],
    ['', 'csv'],
  ])('%j is %s', (text, format) => {
    expect(detectFormat(text)).toBe(format);
  });
});

describe('parseCsvRecords', () => {
  it('numbers data rows from 1, skipping a header in any case and blank lines', () => {
    expect(parseCsvRecords('Question,ANSWER,tags\nq1,a1,t\n\n   \nq2,a2\n')).toEqual([
      { row: 1, fields: ['q1', 'a1', 't'] },
      { row: 2, fields: ['q2', 'a2'] },
    ]);
    expect(parseCsvRecords(' question , answer \nq,a')).toEqual([{ row: 1, fields: ['q', 'a'] }]);
  });

  it('treats a first row that is not exactly the header as data', () => {
    expect(fieldsOf('question,answer,notes\nq,a')).toEqual([
      ['question', 'answer', 'notes'],
      ['q', 'a'],
    ]);
    expect(fieldsOf('answer,question\nq,a')[0]).toEqual(['answer', 'question']);
  });

  it('reads quotes, doubled quotes, embedded commas and line breaks, CRLF and a BOM', () => {
    const text = '\uFEFFquestion,answer,tags\r\n"Say ""hi"", then","line one\r\nline two",a\r\n';
    expect(fieldsOf(text)).toEqual([['Say "hi", then', 'line one\r\nline two', 'a']]);
  });

  it('keeps unicode and emoji intact, and a stray quote inside a field as text', () => {
    expect(fieldsOf('Qu\'est-ce que « ça » ?,日本語 🎌,émoji 😀\nA 5" screen,12.7 cm')).toEqual([
      ["Qu'est-ce que « ça » ?", '日本語 🎌', 'émoji 😀'],
      ['A 5" screen', '12.7 cm'],
    ]);
  });

  it('reads tab-separated text, with commas being plain text there', () => {
    expect(fieldsOf('question\tanswer\ttags\na, b\tc, d\te\n', 'tsv')).toEqual([['a, b', 'c, d', 'e']]);
    // Auto-detected.
    expect(fieldsOf('a, b\tc, d')).toEqual([['a, b', 'c, d']]);
  });

  it('returns rows with too many or too few columns for the caller to judge', () => {
    expect(fieldsOf('a,b,c,d\nonly')).toEqual([['a', 'b', 'c', 'd'], ['only']]);
  });

  it('returns nothing for empty text or a lone header', () => {
    expect(parseCsvRecords('')).toEqual([]);
    expect(parseCsvRecords('question,answer,tags\r\n')).toEqual([]);
  });

  it('reports a syntax error with the line the parser stopped at', () => {
    let error: unknown;
    try {
      parseCsvRecords('question,answer\nq,a\n"never closed,a\nmore');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CsvSyntaxError);
    expect((error as CsvSyntaxError).line).toBe(4);
    expect((error as CsvSyntaxError).message).toMatch(/^Invalid CSV at line 4: Quote Not Closed/);
  });
});

describe('stringifyCards', () => {
  it('writes the header and quotes only what needs quoting', () => {
    expect(
      stringifyCards([
        { question: 'plain', answer: 'text', tags: null },
        { question: 'a, b', answer: 'say "hi"', tags: 'x,y' },
        { question: 'two\nlines', answer: 'ok', tags: '' },
      ]),
    ).toBe('question,answer,tags\nplain,text,\n"a, b","say ""hi""","x,y"\n"two\nlines",ok,\n');
  });

  it('writes just the header for no cards', () => {
    expect(stringifyCards([])).toBe('question,answer,tags\n');
  });

  it('round-trips through parseCsvRecords without losing anything', () => {
    const cards = [
      { question: 'Commas, "quotes" and\nnewlines', answer: 'CRLF\r\ninside', tags: 'a,b' },
      { question: 'Unicode: ñ, ß, 中文, Ελληνικά', answer: 'Emoji 🧪🔬 and ZWJ 👩‍🔬', tags: null },
      { question: '=1+2', answer: ' leading space kept by the writer', tags: 'question,answer' },
      { question: 'question', answer: 'answer', tags: 'tags' },
    ];
    const records = parseCsvRecords(stringifyCards(cards));
    expect(records.map((record) => record.fields)).toEqual(
      cards.map((card) => [card.question, card.answer, card.tags ?? '']),
    );
  });
});

describe('formula cells (CSV injection)', () => {
  const risky = ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tlead', "'=quoted", "'plain apostrophe"];

  it('writes cells a spreadsheet would run as formulas as text, with a leading apostrophe', () => {
    const csv = stringifyCards([{ question: '=HYPERLINK("http://x","y")', answer: '-5', tags: '@home' }]);
    expect(csv.split('\n')[1]).toBe(`"'=HYPERLINK(""http://x"",""y"")",'-5,'@home`);
  });

  it('gives our own exports back unchanged on import, every risky text included', () => {
    const cards = risky.map((text, i) => ({ question: text, answer: `a${i}`, tags: null }));
    const parsed = parseCsvRecords(stringifyCards(cards));
    expect(parsed.map((record) => record.fields[0])).toEqual(risky);
  });

  it('leaves ordinary text alone', () => {
    expect(neutraliseFormula('What is 2 = 2?')).toBe('What is 2 = 2?');
    expect(restoreFormula("'tis the season")).toBe("'tis the season");
  });
});
