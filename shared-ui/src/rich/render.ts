// The renderer with math through KaTeX: a lazy chunk of its own, loaded only for a text that may
// hold some (RichText). Everything else is render-core.ts. Math is read as the contract's
// anki-math.ts reads it, the same for a typed card and an imported one: `$...$`, `$$...$$`,
// MathJax's `\(...\)` and `\[...\]`, Anki's `[$]...[/$]`, `[$$]...[/$$]` and `[latex]...[/latex]`,
// in a paragraph (an inline rule ahead of Markdown's escapes, so `\(` keeps its backslash) and in
// an HTML block (an Anki field that opens with `<div>`: split around its formulas).
import { mathAt, mathSpans } from '@flashcard/api-contract/schemas';
import markdownKatex from '@vscode/markdown-it-katex';
import { createRenderer, trusted } from './render-core';
import 'katex/dist/katex.min.css';

// Inline HTML whose text is code: a `$` there is a dollar.
const CODE_TAG = /^<(?:code|kbd|samp|pre)\b/i;

/** Sanitised HTML for a Markdown (+ HTML, math) source. */
export const renderCardHtml = createRenderer((markdown) => {
  // trust: false: no \href, \htmlClass or \htmlStyle; maxSize (em) caps \rule and spaces.
  markdown.use(markdownKatex, { throwOnError: false, trust: false, maxSize: 20 });

  // One inline rule for every delimiter, in place of the plugin's two (`$`, `$$`): those skip a
  // formula right after any opening tag (`<div>$x$`, a cloze span's), where Anki puts them.
  markdown.inline.ruler.disable(['math_inline', 'math_inline_block']);
  markdown.inline.ruler.before('escape', 'math_any', (state, silent) => {
    const char = state.src[state.pos];
    if (char !== '$' && char !== '\\' && char !== '[') return false;
    const last = state.tokens[state.tokens.length - 1];
    if (char === '$' && last?.type === 'html_inline' && CODE_TAG.test(last.content)) return false;
    const span = mathAt(state.src, state.pos, { dollars: true });
    if (!span) return false;
    // A `[latex]` tag around words: the tag goes, the words stay.
    if (!silent && span.kind !== 'text') {
      const token = state.push(span.kind === 'inline' ? 'math_inline' : 'math_inline_block', 'math', 0);
      token.content = span.body;
      token.markup = '$';
    }
    state.pos = span.end;
    return true;
  });

  // The plugin's `$$` block would run from a line like `$$x$$ is Euler` to the end of the text:
  // such a line is a paragraph (its formula inline).
  type RuleBlock = Parameters<typeof markdown.block.ruler.at>[1];
  const rules = (markdown.block.ruler as unknown as { __rules__: Array<{ name: string; fn: RuleBlock }> }).__rules__;
  const block = rules.find((rule) => rule.name === 'math_block')?.fn;
  if (block)
    markdown.block.ruler.at(
      'math_block',
      (state, start, end, silent) => {
        const line = state.src.slice(state.bMarks[start]! + state.tShift[start]!, state.eMarks[start]).trimEnd();
        const closing = line.indexOf('$$', 2);
        if (line.startsWith('$$') && closing !== -1 && closing !== line.length - 2) return false;
        return block(state, start, end, silent);
      },
      { alt: ['paragraph', 'reference', 'blockquote', 'list'] },
    );

  // HTML blocks are passed on whole: their formulas become math tokens between HTML pieces.
  markdown.core.ruler.after('block', 'math_in_html', (state) => {
    const tokens = state.tokens;
    for (let index = tokens.length - 1; index >= 0; index--) {
      const token = tokens[index]!;
      if (token.type !== 'html_block') continue;
      const spans = mathSpans(token.content, { dollars: true, html: true });
      if (spans.length === 0) continue;
      const pieces: (typeof tokens)[number][] = [];
      const piece = (type: string, content: string) => {
        const made = new state.Token(type, type === 'html_block' ? '' : 'math', 0);
        made.content = content;
        made.block = true;
        pieces.push(made);
      };
      let at = 0;
      for (const span of spans) {
        if (span.start > at) piece('html_block', token.content.slice(at, span.start));
        if (span.kind !== 'text') piece(span.kind === 'inline' ? 'math_inline' : 'math_block', span.body);
        at = span.end;
      }
      if (at < token.content.length) piece('html_block', token.content.slice(at));
      tokens.splice(index, 1, ...pieces);
    }
  });

  // Each formula's HTML is KaTeX's own (its classes and styles lay it out): marked for render-core.
  for (const rule of ['math_inline', 'math_inline_block', 'math_inline_bare_block', 'math_block']) {
    const typeset = markdown.renderer.rules[rule];
    if (typeset)
      markdown.renderer.rules[rule] = (tokens, index, options, env, self) =>
        trusted(typeset(tokens, index, options, env, self), env);
  }
  return markdown;
});
