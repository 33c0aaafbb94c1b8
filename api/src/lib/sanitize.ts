// Card text is Markdown that may carry HTML (Anki fields, cloze spans, images). The screens
// sanitise everything they render; these keep dangerous HTML out of what the server hands on
// as files (exports) and out of what it stores from other programs (imports).
import sanitizeHtml from 'sanitize-html';

/** Formatting, images and links only; no script, style, frame, form or event handler; http(s) links. */
export const SAFE_HTML: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'sub', 'sup', 'u', 's', 'del', 'hr', 'br'],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    span: ['class'],
    hr: ['id'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
};

export function sanitizeHtmlText(html: string): string {
  return sanitizeHtml(html, SAFE_HTML);
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
