// Card text is Markdown that may carry HTML (Anki fields, images). The screens sanitise
// everything they render (shared-ui's renderer, the last line also for text typed in the
// editor); these keep dangerous HTML out of what the server hands on as files (exports) and out
// of what it stores from other programs (imports: every importer calls sanitizeImported).
import sanitizeHtml from 'sanitize-html';

/**
 * Formatting, images and links only; no script, style, frame, form or event handler; http(s)
 * links. No `style`, `class` or `id` either: each would reach the page's own CSS (a
 * `position:fixed` overlay, an app class that covers the screen, an anchor the app uses).
 */
export const SAFE_HTML: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'sub', 'sup', 'u', 's', 'del', 'hr', 'br'],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
};

export function sanitizeHtmlText(html: string): string {
  return sanitizeHtml(html, SAFE_HTML);
}

// What markdown-it (the screens' renderer, with `html: true`) passes on as HTML, in its own
// patterns (lib/common/html_re): a whole tag or end tag, comment, processing instruction,
// declaration or CDATA section anywhere, or a line that opens an HTML block. Anything else it
// shows as text: `i<n`, `$a<b$`, `<https://example.com>` (an autolink).
const ATTRIBUTE = `(?:\\s+[a-zA-Z_:][a-zA-Z0-9:._-]*(?:\\s*=\\s*(?:[^"'=<>\`\\x00-\\x20]+|'[^']*'|"[^"]*"))?)`;
const MARKUP = new RegExp(
  [
    `<[A-Za-z][A-Za-z0-9-]*${ATTRIBUTE}*\\s*/?>`,
    '</[A-Za-z][A-Za-z0-9-]*\\s*>',
    '<!---?>|<!--(?:[^-]|-[^-]|--[^>])*-->',
    '<[?][\\s\\S]*?[?]>',
    '<![A-Za-z][^>]*>',
    '<!\\[CDATA\\[[\\s\\S]*?\\]\\]>',
    '^ {0,3}<[A-Za-z/!?]',
  ].join('|'),
  'm',
);

/**
 * A card field from a file (CSV, TSV, Quizlet, Anki text, .apkg), as it may be stored: with
 * SAFE_HTML applied when it holds HTML. A field without any is kept exactly, since sanitising
 * escapes or drops text: `a < b`, `i<n`, `> quote` and `$x > 0$` stay Markdown and math.
 */
export function sanitizeImported(text: string): string {
  return MARKUP.test(text) ? sanitizeHtmlText(text) : text;
}

// What could run if the text were opened as HTML: active elements, handlers, script URLs.
const DANGER =
  /<\s*\/?\s*(script|style|iframe|frame|object|embed|link|meta|base|form|svg|math|template)\b|\bon[a-z]+\s*=|(java|vb)script\s*:|data\s*:\s*text\/html/i;

/**
 * The text unchanged when nothing in it could run, else sanitised (which also escapes its
 * stray '<' and '&'): ordinary Markdown and math keep their exact characters. Markdown links to
 * script URLs lose their target.
 */
export function defuse(text: string): string {
  if (!DANGER.test(text)) return text;
  return sanitizeHtmlText(text).replace(/\]\(\s*(?:(?:java|vb)script|data)\s*:(?:[^()]|\([^()]*\))*\)/gi, '](#)');
}
