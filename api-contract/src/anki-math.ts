// Math in card text, every way Anki writes it, for the importers (Anki's fields -> our stored
// form) and the screens' renderer (the same delimiters typed). Pure: no DOM, no KaTeX.
//
// Our stored form is `$inline$` and `$$display$$` (what the editor documents and Markdown tools
// read); `\(inline\)` where a `$` would not be read as math (a word character touching it).
// Recognised: `$...$` and `$$...$$` (with the renderer's rules: a `$` touching a word character
// is no delimiter, so "$5 and $6" stays prose; `\$` is a dollar), MathJax `\(...\)` and
// `\[...\]`, Anki's legacy `[$]...[/$]`, `[$$]...[/$$]` and `[latex]...[/latex]` (a document
// body: math when it looks like math, else its words, its own math kept). Backtick code spans
// are skipped. Anki's fields are HTML, so a formula from one has its entities decoded and its
// `<br>`s and formatting tags taken out before KaTeX reads it.

export type MathKind = 'inline' | 'display' | 'text';

/** One formula (or a `[latex]` tag that marks words): where it is in the text, and its TeX (or words). */
export interface MathSpan {
  start: number;
  end: number;
  kind: MathKind;
  body: string;
}

export interface MathOptions {
  /** Read `$`/`$$` too (the renderer); the importers convert only Anki's delimiters. */
  dollars?: boolean;
  /** The text is HTML (an Anki field, an HTML block): decode formulas' entities, drop their tags. */
  html?: boolean;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", nbsp: ' ' };
// The tags Anki's editor puts into a formula as it is typed (line breaks, formatting).
const FIELD_TAG = /<\/?(?:br|div|p|span|b|i|u|em|strong|font|sub|sup)(?:\s[^<>]*)?\/?>/gi;

/** A formula as KaTeX should read it: HTML undone (for a field), comments out, one line. */
export function cleanTex(raw: string, html = true): string {
  let tex = raw;
  if (html)
    tex = tex
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(FIELD_TAG, ' ')
      .replace(/&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z]+));/gi, (entity, decimal, hex, name) => {
        if (decimal || hex) {
          const code = decimal ? Number(decimal) : parseInt(hex as string, 16);
          return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
            ? String.fromCodePoint(code === 0xa0 ? 0x20 : code)
            : entity;
        }
        return ENTITIES[(name as string).toLowerCase()] ?? entity;
      })
      .replace(/\u00a0/g, ' ');
  // A `%` comment would swallow the rest once the lines are joined.
  return tex
    .split('\n')
    .map((line) => line.replace(/(^|[^\\])(?:\\\\)*%.*$/, (comment) => comment.slice(0, comment.indexOf('%'))))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const isWord = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}_]/u.test(char);

/** Whether `text[at]` is preceded by an odd number of backslashes (so escaped). */
function escaped(text: string, at: number): boolean {
  let count = 0;
  for (let index = at - 1; index >= 0 && text[index] === '\\'; index--) count++;
  return count % 2 === 1;
}

// What the search of the text last searched found: where each closing delimiter was looked for
// in vain, where it was last found (and from where), the end of the last `[latex]` of words. A
// text of many openers (`\(\(\(...`, `[latex][latex]...[/latex]`) then costs one scan per
// closer, not one per opener.
interface Searched {
  text: string;
  lower: string | null;
  misses: Map<string, number>;
  found: Map<string, { from: number; at: number }>;
  wordsUntil: number;
}
let searched: Searched = { text: '', lower: null, misses: new Map(), found: new Map(), wordsUntil: -1 };
const searchOf = (text: string): Searched =>
  searched.text === text
    ? searched
    : (searched = { text, lower: null, misses: new Map(), found: new Map(), wordsUntil: -1 });

/** The first `close` at or after `from` whose first character is not escaped; -1 if none. */
function findClose(text: string, close: string, from: number, caseless = false): number {
  const search = searchOf(text);
  const key = caseless ? `i${close}` : close;
  if ((search.misses.get(key) ?? Infinity) <= from) return -1;
  const last = search.found.get(key);
  if (last && last.from <= from && from <= last.at) return last.at;
  const haystack = caseless ? (search.lower ??= text.toLowerCase()) : text;
  for (let at = haystack.indexOf(close, from); at !== -1; at = haystack.indexOf(close, at + 1))
    if (!escaped(text, at)) {
      search.found.set(key, { from, at });
      return at;
    }
  search.misses.set(key, Math.min(from, search.misses.get(key) ?? Infinity));
  return -1;
}

// Anki's `[latex]` wraps its body in a document: the preamble lines some notes carry are no TeX
// KaTeX knows, and add nothing to what the formula shows.
const PREAMBLE =
  /\\documentclass(?:\[[^\]]*\])?\{[^}]*\}|\\usepackage(?:\[[^\]]*\])?\{[^}]*\}|\\pagestyle\{[^}]*\}|\\(?:begin|end)\{document\}/g;

/** What a `[latex]` body is: one formula (inline or display), or words (null) with maybe math of their own. */
function latexBody(raw: string, html: boolean): { kind: 'inline' | 'display'; tex: string } | null {
  const body = (html ? raw.replace(/<br\s*\/?>/gi, '\n') : raw).replace(PREAMBLE, '').trim();
  const whole = /^(?:\$\$([\s\S]+)\$\$|\\\[([\s\S]+)\\\]|\$([^$]+)\$|\\\(([\s\S]+)\\\))$/.exec(body);
  if (whole) {
    const display = whole[1] ?? whole[2];
    return display !== undefined
      ? { kind: 'display', tex: cleanTex(display, html) }
      : { kind: 'inline', tex: cleanTex(whole[3] ?? whole[4] ?? '', html) };
  }
  // Math of its own inside: the words stay words around it.
  if (/(?<!\\)\$|\\\(|\\\[/.test(body)) return null;
  // An environment, a command, a script or a group: a formula (KaTeX shows what it cannot read as its source).
  if (/\\[a-zA-Z]|[\^_{}]/.test(body)) return { kind: 'display', tex: cleanTex(body, html) };
  return null;
}

const ANKI_OPEN = /^\[(\$\$|\$|latex)\]/i;
const ANKI_CLOSE: Record<string, string> = { $: '[/$]', $$: '[/$$]', latex: '[/latex]' };

/**
 * The formula (or `[latex]` tag) that starts at `at`, if one does. `$` follows the renderer's
 * rules (@vscode/markdown-it-katex's): an opening `$` not after a word character, `$` or `\`, a
 * closing one not before a word character or `$`.
 */
export function mathAt(text: string, at: number, options: MathOptions = {}): MathSpan | null {
  const html = options.html ?? false;
  const char = text[at];
  if (char === '\\' && (text[at + 1] === '(' || text[at + 1] === '[') && !escaped(text, at)) {
    const display = text[at + 1] === '[';
    const close = findClose(text, display ? '\\]' : '\\)', at + 2);
    if (close === -1) return null;
    const tex = cleanTex(text.slice(at + 2, close), true);
    return tex ? { start: at, end: close + 2, kind: display ? 'display' : 'inline', body: tex } : null;
  }
  if (char === '[') {
    if (text.slice(at, at + 8).toLowerCase() === '[/latex]') return { start: at, end: at + 8, kind: 'text', body: '' };
    const open = ANKI_OPEN.exec(text.slice(at, at + 7));
    if (!open) return null;
    const name = open[1]!.toLowerCase();
    const from = at + open[0].length;
    const close = findClose(text, ANKI_CLOSE[name]!, from, name === 'latex');
    if (close === -1) return null;
    // Inside a `[latex]` of words another opener is a tag of those words too.
    if (name === 'latex' && close === searchOf(text).wordsUntil)
      return { start: at, end: from, kind: 'text', body: '' };
    const raw = text.slice(from, close);
    const end = close + ANKI_CLOSE[name]!.length;
    // Anki's fields are HTML whatever the context: decode (an entity in TeX means the character).
    if (name !== 'latex') {
      const tex = cleanTex(raw, true);
      return tex ? { start: at, end, kind: name === '$' ? 'inline' : 'display', body: tex } : null;
    }
    const formula = latexBody(raw, true);
    if (!formula) searchOf(text).wordsUntil = close;
    // Words: only the opening tag goes (its closing one is a span of its own), the words stay.
    return formula
      ? formula.tex
        ? { start: at, end, kind: formula.kind, body: formula.tex }
        : null
      : { start: at, end: from, kind: 'text', body: '' };
  }
  if (char === '$' && options.dollars) {
    const previous = text[at - 1];
    if (previous === '$' || escaped(text, at)) return null;
    if (text[at + 1] === '$') {
      if (text[at + 2] === '$') return null;
      const close = findClose(text, '$$', at + 2);
      if (close === -1 || close === at + 2 || text[close + 2] === '$') return null;
      const tex = text.slice(at + 2, close);
      return { start: at, end: close + 2, kind: 'display', body: html ? cleanTex(tex) : tex };
    }
    if (isWord(previous)) return null;
    const close = findClose(text, '$', at + 1);
    if (close <= at + 1 || text[close + 1] === '$' || isWord(text[close + 1])) return null;
    const tex = text.slice(at + 1, close);
    return { start: at, end: close + 1, kind: 'inline', body: html ? cleanTex(tex) : tex };
  }
  return null;
}

/** Every formula in the text, in order, outside backtick code spans. */
export function mathSpans(text: string, options: MathOptions = {}): MathSpan[] {
  const spans: MathSpan[] = [];
  for (let at = 0; at < text.length;) {
    const char = text[at];
    if (char === '`') {
      const run = /^`+/.exec(text.slice(at))![0];
      const close = new RegExp(`(?<!\`)${run}(?!\`)`, 'g');
      close.lastIndex = at + run.length;
      const found = close.exec(text);
      at = found ? found.index + run.length : at + run.length;
      continue;
    }
    const span = char === '\\' || char === '[' || char === '$' ? mathAt(text, at, options) : null;
    if (span) {
      spans.push(span);
      at = span.end;
    } else at += char === '\\' ? 2 : 1;
  }
  return spans;
}

/** Whether a text may hold math the renderer with KaTeX should show (a cheap test, before rendering). */
export function mayHoldMath(text: string): boolean {
  return /\$|\\[([]|\[latex\]/i.test(text);
}

/**
 * An imported field (HTML, from Anki or a file) with Anki's and MathJax's math in our stored
 * form: `[$]x[/$]` and `\(x\)` -> `$x$`, `[$$]x[/$$]` and `\[x\]` -> `$$x$$`, a `[latex]` formula
 * by what it holds, a `[latex]` of words -> the words. TeX keeps its backslashes; entities in it
 * are decoded, and a `<` that would open a tag gets a space after it (TeX ignores it), so the
 * stored field holds no markup it did not hold before. Text outside formulas is not touched.
 */
export function ankiMathToMarkdown(field: string): string {
  const spans = mathSpans(field, { html: true });
  if (spans.length === 0) return field;
  let out = '';
  let at = 0;
  for (const span of spans) {
    out += field.slice(at, span.start);
    at = span.end;
    if (span.kind === 'text') continue;
    const tex = span.body.replace(/<(?=[A-Za-z/!?])/g, '< ');
    const before = out[out.length - 1];
    const after = field[span.end];
    const loneDollar = /(?<!\\)\$/.test(tex.replace(/\\\\/g, ''));
    if (span.kind === 'inline')
      out +=
        !loneDollar && before !== '\\' && before !== '$' && !isWord(before) && after !== '$' && !isWord(after)
          ? `$${tex}$`
          : `\\(${tex}\\)`;
    else out += !loneDollar && before !== '\\' && before !== '$' && after !== '$' ? `$$${tex}$$` : `\\[${tex}\\]`;
  }
  return out + field.slice(at);
}

/**
 * Our card text's math as Anki shows it (MathJax): `$x$` -> `\(x\)`, `$$x$$` -> `\[x\]`, Anki's
 * and MathJax's own forms the same way, the TeX's `&`, `<` and `>` as entities (an Anki field is
 * HTML). `ankiMathToMarkdown` reads it back to the same text.
 */
export function markdownMathToAnki(text: string): string {
  const spans = mathSpans(text, { dollars: true });
  if (spans.length === 0) return text;
  let out = '';
  let at = 0;
  for (const span of spans) {
    out += text.slice(at, span.start);
    at = span.end;
    if (span.kind === 'text') continue;
    const tex = span.body.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    out += span.kind === 'inline' ? `\\(${tex}\\)` : `\\[${tex}\\]`;
  }
  return out + text.slice(at);
}

/** Anki's own renders of `[latex]` formulas (`latex-<sha1>.png`/`.svg`): a cache KaTeX makes unnecessary. */
export function isAnkiLatexImage(name: string): boolean {
  return /^latex-[0-9a-f]{40}\.(?:png|svg)$/i.test(name);
}
