// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- each app compiles this file with its own tsconfig, which does not include shared-ui's declaration files
/// <reference path="./modules.d.ts" />
// Card text -> safe HTML: GitHub-flavoured Markdown (tables, strikethrough, autolinks, task
// lists), HTML allowed in the source (Anki fields, cloze spans) and everything through DOMPurify
// last, so no script, event handler or javascript: URL survives whatever the source holds. Two
// lazy chunks use it (RichText): render-text.ts, and render.ts which adds math through KaTeX
// (most of the weight), loaded only for a text with a `$`.
// Nothing from the source reaches the page's CSS, layout or keyboard either: no `style`, `id`,
// `name`, popover or accesskey (PAGE_ATTRIBUTES), only the classes we generate (OWN_CLASSES), no MathML. KaTeX's output needs all of
// those, so it alone keeps them: render.ts marks each formula it typesets with this render's
// random mark (`trusted`), which a source cannot guess.
import { isAudioName, isMediaName } from '@flashcard/api-contract/schemas';
import DOMPurify from 'dompurify';
import MarkdownIt from 'markdown-it';
import taskLists from 'markdown-it-task-lists';
import { MEDIA_ATTRIBUTE } from './media';

/** The attribute render.ts puts on each formula's root; only this render's mark counts. */
const TRUST_ATTRIBUTE = 'data-rich-trust';
let currentMark: string | null = null;
let trustedRoots = new WeakSet<Node>();

// A type, not an interface: markdown-it's env is a string-indexed record.
type RenderEnv = { trustMark: string };

/** KaTeX's HTML for one formula, marked as the renderer's own for the render `env` (markdown-it's) belongs to. */
export function trusted(html: string, env: unknown): string {
  const mark = (env as Partial<RenderEnv> | undefined)?.trustMark;
  // Unmarked (a render without our env) is merely untrusted: stripped like source HTML.
  return mark ? html.replace(/^\s*<([a-z]+)/i, `<$1 ${TRUST_ATTRIBUTE}="${mark}"`) : html;
}

function isTrusted(node: Node | null): boolean {
  for (let at = node; at; at = at.parentNode) if (trustedRoots.has(at)) return true;
  return false;
}

// Classes the screens style that our own code writes into card HTML: cloze spans and image
// occlusions (cardFaces of the contract) and task lists (markdown-it-task-lists). Any other class could borrow the app's
// CSS (an overlay, a toast, a hidden block).
const OWN_CLASSES = new Set([
  'cloze',
  'cloze-revealed',
  'occlusion',
  'occlusion-mask',
  'occlusion-asked',
  'occlusion-revealed',
  'contains-task-list',
  'task-list-item',
  'task-list-item-checkbox',
]);
// Attributes that reach beyond the card: inline CSS, names the page's anchors, lookups and
// globals use, the top layer, the page's keyboard (shortcuts, focus order).
const PAGE_ATTRIBUTES = new Set([
  'style',
  'id',
  'name',
  'popover',
  'popovertarget',
  'popovertargetaction',
  'accesskey',
  'tabindex',
  'autofocus',
]);
const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';

DOMPurify.addHook('beforeSanitizeElements', (node) => {
  if (node.nodeType !== 1) return;
  const element = node as Element;
  // Seen before its attributes are sanitised (the mark, a data- attribute, then goes).
  if (currentMark !== null && element.getAttribute(TRUST_ATTRIBUTE) === currentMark) trustedRoots.add(element);
  // MathML (mpadded, mathsize...) and SVG move and size text like CSS: KaTeX's only.
  else if (element.namespaceURI !== HTML_NAMESPACE && !isTrusted(element)) element.remove();
});

// An occlusion mask's box (`data-occlusion="left top width height"`, fractions of its image, from
// cardFaces): four numbers within the image, read here and written back as percentages after the
// attributes are sanitised, so no source text reaches the style attribute.
const OCCLUSION_BOX = /^(?:(?:0|1|0?\.\d{1,6})(?: |$)){4}$/;
let maskBoxes = new WeakMap<Element, number[]>();

DOMPurify.addHook('uponSanitizeAttribute', (node, data) => {
  if (isTrusted(node)) return;
  if (data.attrName === 'data-occlusion' && OCCLUSION_BOX.test(data.attrValue)) {
    const [left, top, width, height] = data.attrValue.split(' ').map(Number) as [number, number, number, number];
    if (left + width <= 1.001 && top + height <= 1.001) maskBoxes.set(node, [left, top, width, height]);
  }
  if (PAGE_ATTRIBUTES.has(data.attrName)) data.keepAttr = false;
  else if (data.attrName === 'class') {
    const own = data.attrValue.split(/\s+/).filter((name) => OWN_CLASSES.has(name));
    if (own.length === 0) data.keepAttr = false;
    else data.attrValue = own.join(' ');
  }
});

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  const box = maskBoxes.get(node);
  if (box && node.classList.contains('occlusion-mask')) {
    const [left, top, width, height] = box.map((fraction) => `${Math.round(fraction * 10000) / 100}%`);
    node.setAttribute('style', `left:${left};top:${top};width:${width};height:${height}`);
    node.setAttribute('aria-hidden', 'true');
  }
  // Links open elsewhere and give the opened page no handle on this one.
  if (node.tagName === 'A' && node.getAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  }
  // An image is the learner's own file (`cell.png`: RichText fetches it through the API and
  // shows a blob: URL) or an https: one; any other source (data:, http:, paths) is dropped,
  // leaving the alt text.
  if (node.tagName === 'IMG') {
    const source = node.getAttribute('src') ?? '';
    node.removeAttribute('src');
    if (isMediaName(source)) node.setAttribute(MEDIA_ATTRIBUTE, source);
    else if (/^https:\/\//i.test(source)) node.setAttribute('src', source);
    node.setAttribute('loading', 'lazy');
  }
  // A sound is the learner's own file (`[sound:hello.mp3]`, Anki's reference, or an <audio>) or an
  // https: one, played by the browser's own controls, fetched only when played; anything else goes.
  if (node.tagName === 'AUDIO') {
    const source = node.getAttribute('src') ?? '';
    node.removeAttribute('src');
    if (isMediaName(source) && isAudioName(source)) node.setAttribute(MEDIA_ATTRIBUTE, source);
    else if (/^https:\/\//i.test(source)) node.setAttribute('src', source);
    else {
      node.remove();
      return;
    }
    node.setAttribute('controls', '');
    node.setAttribute('preload', 'none');
    node.removeAttribute('autoplay');
    node.removeAttribute('loop');
  }
  // The one input a card shows is a task list's checkbox, read-only.
  if (node.tagName === 'INPUT') {
    if (node.getAttribute('type') !== 'checkbox') node.remove();
    else node.setAttribute('disabled', '');
  }
});

const PURIFY: Parameters<typeof DOMPurify.sanitize>[1] = {
  // KaTeX writes HTML, MathML and SVG (a radical's sign, stretchy arrows, wide accents); the hook
  // above removes any MathML or SVG that is not KaTeX's. Forms and frames have no place in a card.
  USE_PROFILES: { html: true, mathMl: true, svg: true },
  // An <audio>'s sources are its own `src` only (checked above), never <source> or <track> children.
  FORBID_TAGS: [
    'style',
    'form',
    'button',
    'textarea',
    'select',
    'iframe',
    'object',
    'embed',
    'dialog',
    'video',
    'source',
    'track',
  ],
  ADD_ATTR: ['target'],
  ALLOW_DATA_ATTR: false,
};

function randomMark(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const parser = () => new MarkdownIt({ html: true, linkify: true, breaks: true, typographer: false });
type Parser = ReturnType<typeof parser>;

/** Anki's sound reference, `[sound:hello.mp3]`: the name up to the bracket, no spaces or quotes. */
const SOUND = /\[sound:([^\]\s"'<>]{1,200})\]/g;
const soundHtml = (name: string) => `<audio src="${name}"></audio>`;

/** `[sound:name]` in a paragraph (an inline rule) and in an HTML block (an Anki field) becomes an <audio>. */
function sounds(markdown: Parser): Parser {
  markdown.inline.ruler.before('link', 'sound', (state, silent) => {
    if (!state.src.startsWith('[sound:', state.pos)) return false;
    SOUND.lastIndex = state.pos;
    const match = SOUND.exec(state.src);
    if (!match || match.index !== state.pos) return false;
    if (!silent) state.push('html_inline', '', 0).content = soundHtml(match[1]!);
    state.pos += match[0].length;
    return true;
  });
  markdown.core.ruler.after('block', 'sound_in_html', (state) => {
    for (const token of state.tokens)
      if (token.type === 'html_block')
        token.content = token.content.replace(SOUND, (_all, name: string) => soundHtml(name));
  });
  return markdown;
}

/** A renderer: Markdown + HTML (+ what `extend` adds, e.g. math) -> sanitised HTML. */
export function createRenderer(
  extend: (markdown: Parser) => Parser = (markdown) => markdown,
): (source: string) => string {
  const markdown = sounds(extend(parser())).use(taskLists, { enabled: false, label: true });
  return (source) => {
    const env: RenderEnv = { trustMark: randomMark() };
    const html = markdown.render(source, env).trim();
    currentMark = env.trustMark;
    trustedRoots = new WeakSet();
    maskBoxes = new WeakMap();
    try {
      return DOMPurify.sanitize(html, { ...PURIFY, RETURN_TRUSTED_TYPE: false }) as string;
    } finally {
      currentMark = null;
    }
  };
}
