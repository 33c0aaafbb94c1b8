import { ankiMathToMarkdown, isAnkiLatexImage, markdownMathToAnki, mathSpans, mayHoldMath } from './anki-math';

describe('ankiMathToMarkdown (an imported field)', () => {
  it.each([
    ['[$]\\mathcal{C}[/$] is a category', '$\\mathcal{C}$ is a category'],
    ['Functor [$$]F: \\mathcal{C} \\to \\mathcal{D}[/$$]', 'Functor $$F: \\mathcal{C} \\to \\mathcal{D}$$'],
    ['\\(a^2 + b^2 = c^2\\)', '$a^2 + b^2 = c^2$'],
    ['\\[\\sum_i x_i\\]', '$$\\sum_i x_i$$'],
    ['[LaTeX]$x^2$[/LaTeX]', '$x^2$'],
    ['[latex]\\begin{align}a&amp;=b\\\\c&amp;=d\\end{align}[/latex]', '$$\\begin{align}a&=b\\\\c&=d\\end{align}$$'],
    // A document's preamble is no TeX KaTeX reads.
    ['[latex]\\documentclass{article}\\begin{document}$$E=mc^2$$\\end{document}[/latex]', '$$E=mc^2$$'],
    // Words stay words (their own math converted), the tags go.
    ['[latex]Hello world[/latex]', 'Hello world'],
    ['[latex]Area \\(\\pi r^2\\) here[/latex]', 'Area $\\pi r^2$ here'],
  ])('%j -> %j', (field, stored) => expect(ankiMathToMarkdown(field)).toBe(stored));

  it("decodes a formula's entities and takes out Anki's line breaks and tags, touching nothing else", () => {
    expect(ankiMathToMarkdown('<div>If [$]a &lt; b&nbsp;&amp;&amp; b &gt; c[/$] then &lt;x&gt;</div>')).toBe(
      '<div>If $a < b && b > c$ then &lt;x&gt;</div>',
    );
    expect(ankiMathToMarkdown('[$$]a = b<br>+ c<br/>% a comment<br>+ d[/$$]')).toBe('$$a = b + c + d$$');
    expect(ankiMathToMarkdown('[$]<b>x</b>^2[/$]')).toBe('$x ^2$');
    // A `<` that would open a tag once decoded keeps a space (TeX ignores it): no new markup.
    expect(ankiMathToMarkdown('[$]a&lt;b[/$]')).toBe('$a< b$');
  });

  it('keeps `\\(...\\)` where a `$` touching a word would not be read as math', () => {
    expect(ankiMathToMarkdown('the [$]n[/$]th root')).toBe('the \\(n\\)th root');
    expect(ankiMathToMarkdown('x[$]y[/$]')).toBe('x\\(y\\)');
  });

  it('leaves prices, escaped dollars, code spans and unclosed delimiters alone', () => {
    for (const text of [
      'costs $5 and $6',
      'a \\$ sign',
      'type `\\(x\\)` for math',
      'an open [$] bracket',
      '\\\\(not math\\\\)',
      '[link](https://example.com)',
    ])
      expect(ankiMathToMarkdown(text)).toBe(text);
  });
});

describe('markdownMathToAnki (an exported field)', () => {
  it("writes our math as MathJax's delimiters, HTML-safe, and reads back to the same text", () => {
    const ours = 'Pythagoras: $a^2 + b^2 = c^2$ and $$\\sum_{i < n} x_i > 0$$, costs $5 and $6, `$code$`';
    const anki = markdownMathToAnki(ours);
    expect(anki).toBe(
      'Pythagoras: \\(a^2 + b^2 = c^2\\) and \\[\\sum_{i &lt; n} x_i &gt; 0\\], costs $5 and $6, `$code$`',
    );
    expect(ankiMathToMarkdown(anki)).toBe(ours);
  });

  it('leaves text without math as it is', () => {
    expect(markdownMathToAnki('No math, $5 only')).toBe('No math, $5 only');
  });
});

describe('mathSpans and mayHoldMath (the renderer)', () => {
  it('reads $ with the renderer rules: prices and escaped dollars are prose', () => {
    expect(mathSpans('costs $5 and $6', { dollars: true })).toEqual([]);
    expect(mathSpans('\\$x\\$', { dollars: true })).toEqual([]);
    expect(mathSpans('`$x$`', { dollars: true })).toEqual([]);
    expect(mathSpans('a $x^2$ and $$y$$', { dollars: true }).map((span) => [span.kind, span.body])).toEqual([
      ['inline', 'x^2'],
      ['display', 'y'],
    ]);
  });

  it('tells a text that may hold math', () => {
    for (const text of ['$x$', '\\(x\\)', '\\[x\\]', '[latex]x[/latex]', '[$]x[/$]'])
      expect(mayHoldMath(text)).toBe(true);
    expect(mayHoldMath('**bold** (plain)')).toBe(false);
  });

  it("knows Anki's render cache by its name", () => {
    expect(isAnkiLatexImage('latex-5f2c3b8a1d9e4f6a7b8c9d0e1f2a3b4c5d6e7f80.png')).toBe(true);
    expect(isAnkiLatexImage('latex-diagram.png')).toBe(false);
    expect(isAnkiLatexImage('cell.png')).toBe(false);
  });
});

describe('a hostile text', () => {
  it.each([
    ['MathJax openers', '\\('.repeat(100_000) + '\\['.repeat(100_000)],
    ["Anki's openers", '[$]'.repeat(60_000) + '[$$]'.repeat(50_000)],
    ['[latex] openers', '[latex]'.repeat(30_000) + '[LaTeX]'.repeat(30_000)],
    ['[latex] openers of words', 'a [latex]'.repeat(30_000) + '[/latex]'],
    ['dollars', ' $a'.repeat(100_000) + ' $$a'.repeat(100_000)],
  ])('reads %s without a closer in linear time', (_name, text) => {
    const started = Date.now();
    mathSpans(text, { dollars: true });
    // Only a closed `[latex]` of words loses its tags.
    expect(ankiMathToMarkdown(text)).toBe(text.endsWith('[/latex]') ? text.replace(/\[\/?latex\]/g, '') : text);
    // Seconds at most where one scan per opener took minutes.
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
