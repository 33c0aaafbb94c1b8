// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- each app compiles this file with its own tsconfig, which does not include shared-ui's declaration files
/// <reference path="./modules.d.ts" />
// Card text -> safe HTML: GitHub-flavoured Markdown (tables, strikethrough, autolinks, task
// lists), HTML allowed in the source (Anki fields, cloze spans) and everything through DOMPurify
// last, so no script, event handler or javascript: URL survives whatever the source holds. Two
// lazy chunks use it (RichText): render-text.ts, and render.ts which adds math through KaTeX
// (most of the weight), loaded only for a text with a `$`.
import { isMediaName } from '@flashcard/api-contract/schemas';
import DOMPurify from 'dompurify';
import MarkdownIt from 'markdown-it';
import taskLists from 'markdown-it-task-lists';
import { MEDIA_ATTRIBUTE } from './media';

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
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
  // The one input a card shows is a task list's checkbox, read-only.
  if (node.tagName === 'INPUT') {
    if (node.getAttribute('type') !== 'checkbox') node.remove();
    else node.setAttribute('disabled', '');
  }
});

const PURIFY: Parameters<typeof DOMPurify.sanitize>[1] = {
  // KaTeX writes HTML and MathML; forms and frames have no place in a card.
  USE_PROFILES: { html: true, mathMl: true },
  FORBID_TAGS: ['style', 'form', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
  ADD_ATTR: ['target'],
  ALLOW_DATA_ATTR: false,
};

const parser = () => new MarkdownIt({ html: true, linkify: true, breaks: true, typographer: false });
type Parser = ReturnType<typeof parser>;

/** A renderer: Markdown + HTML (+ what `extend` adds, e.g. math) -> sanitised HTML. */
export function createRenderer(extend: (markdown: Parser) => Parser = (markdown) => markdown): (source: string) => string {
  const markdown = extend(parser()).use(taskLists, { enabled: false, label: true });
  return (source) => DOMPurify.sanitize(markdown.render(source).trim(), { ...PURIFY, RETURN_TRUSTED_TYPE: false }) as string;
}
