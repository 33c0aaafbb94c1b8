import { MAX_QUERY_DEPTH, MAX_QUERY_TERMS, parseSearchQuery, SearchSyntaxError } from './card-search';

const parse = (query: string) => parseSearchQuery(query);
const text = (value: string) => ({ type: 'text', text: value });

describe('search query parser', () => {
  it('reads words, phrases and escaped quotes as text, ANDed', () => {
    expect(parse('cell')).toEqual(text('cell'));
    expect(parse('  cell   division ')).toEqual({ type: 'and', nodes: [text('cell'), text('division')] });
    expect(parse('"cell division" x')).toEqual({ type: 'and', nodes: [text('cell division'), text('x')] });
    expect(parse('say\\"hi')).toEqual(text('say"hi'));
    // Unknown prefixes and plain punctuation stay text, so old searches keep working.
    expect(parse('10:30 C:\\temp well-known 100%')).toEqual({
      type: 'and',
      nodes: [text('10:30'), text('C:\\temp'), text('well-known'), text('100%')],
    });
  });

  it('reads tag:, set:, is: and prop: terms', () => {
    expect(parse('tag:bio::cell*')).toEqual({ type: 'tag', tag: 'bio::cell*' });
    expect(parse('set:"My set"')).toEqual({ type: 'set', name: 'My set' });
    expect(parse('deck:Spanish')).toEqual({ type: 'set', name: 'Spanish' });
    expect(parse('IS:Due')).toEqual({ type: 'is', value: 'due' });
    expect(parse('prop:ivl>=10')).toEqual({ type: 'prop', property: 'ivl', op: '>=', value: 10 });
    expect(parse('prop:due<-2')).toEqual({ type: 'prop', property: 'due', op: '<', value: -2 });
    expect(parse('prop:r<0.9')).toEqual({ type: 'prop', property: 'r', op: '<', value: 0.9 });
    expect(parse('prop:lapses!=0')).toEqual({ type: 'prop', property: 'lapses', op: '!=', value: 0 });
  });

  it('binds AND tighter than OR, and - to one term or group', () => {
    expect(parse('a b or c')).toEqual({
      type: 'or',
      nodes: [{ type: 'and', nodes: [text('a'), text('b')] }, text('c')],
    });
    expect(parse('a OR b Or c')).toEqual({ type: 'or', nodes: [text('a'), text('b'), text('c')] });
    expect(parse('a (b or c)')).toEqual({
      type: 'and',
      nodes: [text('a'), { type: 'or', nodes: [text('b'), text('c')] }],
    });
    expect(parse('-a b')).toEqual({ type: 'and', nodes: [{ type: 'not', node: text('a') }, text('b')] });
    expect(parse('-(a or b)')).toEqual({ type: 'not', node: { type: 'or', nodes: [text('a'), text('b')] } });
    expect(parse('-is:suspended')).toEqual({ type: 'not', node: { type: 'is', value: 'suspended' } });
    // A quoted "or" is a word; a lone "-" is text.
    expect(parse('a "or" b')).toEqual({ type: 'and', nodes: [text('a'), text('or'), text('b')] });
    expect(parse('a - b')).toEqual({ type: 'and', nodes: [text('a'), text('-'), text('b')] });
  });

  it.each([
    ['', 'Search query is empty at position 1'],
    ['a )', 'Unexpected ")" at position 3'],
    ['(a b', 'Unclosed "(" at position 1'],
    ['a (b (c)', 'Unclosed "(" at position 3'],
    ['()', 'Empty parentheses at position 2'],
    ['a or', 'Expected a search term after "or" at position 5'],
    ['or a', 'Unexpected "or" at position 1'],
    ['a or or b', 'Expected a search term after "or" at position 6'],
    ['(a or) b', 'Expected a search term after "or" at position 6'],
    ['a -)', 'Unexpected ")" at position 4'],
    ['"abc', 'Unclosed quote " at position 1'],
    ['x set:"abc', 'Unclosed quote " at position 7'],
    ['""', 'Empty quotes at position 1'],
    ['tag:', 'Expected a tag after "tag:" at position 5'],
    ['tag:a,b', 'A tag cannot contain "," at position 6'],
    ['set:', 'Expected a set name after "set:" at position 5'],
    [
      'is:fun',
      'Unknown "is:fun": use is:new, is:learn, is:review, is:due, is:suspended, is:buried, is:leech at position 4',
    ],
    ['prop:ivl', 'Expected a property comparison like prop:ivl>=10 at position 6'],
    ['prop:ease>2', 'Unknown property "ease": use ivl, due, lapses, reps, r at position 6'],
    ['prop:r<2', 'prop:r compares with a number between 0 and 1 at position 8'],
    ['prop:ivl>1.5', 'prop:ivl compares with a whole number at position 10'],
  ])('refuses %p: %s', (query, message) => {
    let thrown: unknown;
    try {
      parse(query);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SearchSyntaxError);
    expect((thrown as Error).message).toBe(message);
  });

  it('limits length, terms and depth', () => {
    expect(() => parse('a'.repeat(1001))).toThrow('Search query is longer than 1000 characters at position 1001');
    expect(() => parse(Array.from({ length: MAX_QUERY_TERMS + 1 }, (_, i) => `w${i}`).join(' '))).toThrow(
      `Too many search terms (at most ${MAX_QUERY_TERMS})`,
    );
    const deep = (n: number) => '('.repeat(n) + 'a' + ')'.repeat(n);
    expect(parse(deep(MAX_QUERY_DEPTH))).toEqual(text('a'));
    expect(() => parse(deep(MAX_QUERY_DEPTH + 1))).toThrow(
      `nested too deeply (at most ${MAX_QUERY_DEPTH}) at position`,
    );
    expect(() => parse('-'.repeat(MAX_QUERY_DEPTH + 1) + 'a')).toThrow('nested too deeply');
  });
});
