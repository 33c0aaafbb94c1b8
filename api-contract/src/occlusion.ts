// Image occlusion notes (the `occlusion` kind of notes.ts), stored as Anki 23.10+ stores them so an
// .apkg goes both ways unchanged. The question field holds the image (`![alt](name.png)` as the
// editor writes it, or an imported `<img src>`), one cloze per mask and any other text, the
// header:
//
//   ![Heart](heart.png)
//   {{c1::image-occlusion:rect:left=.2:top=.3:width=.1:height=.1:oi=1}}
//   {{c2::image-occlusion:rect:left=.5:top=.1:width=.2:height=.15:oi=1}}
//
//   Name the chambers
//
// Coordinates are fractions of the image. Each cloze number is one card (masks sharing a number
// are asked together). `oi=1` is Anki's "occlude inactive": the other masks stay hidden while one
// is asked ("Hide All, Guess One", the default); without it only the asked mask is hidden ("Hide
// One, Guess One"). Anki keeps it per mask; the editor sets one mode for the whole note. Anki's
// ellipses and polygons show as their bounding boxes; its text shapes are labels, not masks.
// The answer field is Anki's "Back Extra", shown under the image once revealed.
import { isMediaName } from './schemas/media';

/** More masks than anyone draws on one image; a note beyond it is refused. */
export const OCCLUSION_MAX_MASKS = 100;

export interface OcclusionMask {
  /** The cloze number: the card that asks it. */
  ord: number;
  /** Fractions of the image's width and height, from its top-left corner. */
  left: number;
  top: number;
  width: number;
  height: number;
  /** Anki's `oi=1`: the other masks stay hidden while this one is asked. */
  hideAll: boolean;
}

export interface Occlusion {
  /** The image's file name (or https: address), null when the text has none. */
  image: string | null;
  alt: string;
  masks: OcclusionMask[];
  /** The rest of the question field: a title shown above the image. */
  header: string;
  /** A mask whose shape or numbers cannot be read (or lie outside the image). */
  invalid: boolean;
}

/** `{{cN::image-occlusion:<shape>:<key>=<value>...}}`. */
export const OCCLUSION_CLOZE = /\{\{c(\d{1,3})::image-occlusion:([a-z]+)((?::[a-z]+=[^:}]*)*)\}\}/g;
const MARKDOWN_IMAGE = /!\[([^\]\n]*)\]\(\s*<?([^)\s>]+)>?\s*\)/;
const HTML_IMAGE = /<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))[^>]*>/i;
const HTML_ALT = /\salt\s*=\s*(?:"([^"]*)"|'([^']*)')/i;

/** A mask must keep some size, and lie within the image (a rounding's slack allowed). */
const SLACK = 0.001;
const inImage = (mask: OcclusionMask) =>
  [mask.left, mask.top, mask.width, mask.height].every(Number.isFinite) &&
  mask.left >= 0 &&
  mask.top >= 0 &&
  mask.width > 0 &&
  mask.height > 0 &&
  mask.left + mask.width <= 1 + SLACK &&
  mask.top + mask.height <= 1 + SLACK;

function properties(text: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const pair of text.split(':').slice(1)) {
    const at = pair.indexOf('=');
    found.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return found;
}

/** One shape as a box, null for a text label; NaN numbers for a shape that cannot be read. */
function shapeBox(shape: string, props: Map<string, string>): Omit<OcclusionMask, 'ord' | 'hideAll'> | null {
  const number = (key: string) => {
    const value = props.get(key);
    return value === undefined || !/^\s*-?(\d+\.?\d*|\.\d+)\s*$/.test(value) ? NaN : Number(value);
  };
  const left = number('left');
  const top = number('top');
  if (shape === 'rect') return { left, top, width: number('width'), height: number('height') };
  if (shape === 'ellipse') return { left, top, width: 2 * number('rx'), height: 2 * number('ry') };
  if (shape === 'polygon') {
    const points = (props.get('points') ?? '')
      .trim()
      .split(/\s+/)
      .map((point) => point.split(',').map(Number));
    const xs = points.map((point) => point[0] ?? NaN);
    const ys = points.map((point) => point[1] ?? NaN);
    const [minX, minY] = [Math.min(...xs), Math.min(...ys)];
    return { left: minX, top: minY, width: Math.max(...xs) - minX, height: Math.max(...ys) - minY };
  }
  if (shape === 'text') return null;
  return { left: NaN, top: NaN, width: NaN, height: NaN };
}

/** What an occlusion note's question field holds. */
export function parseOcclusion(question: string): Occlusion {
  const masks: OcclusionMask[] = [];
  let invalid = false;
  for (const match of question.matchAll(OCCLUSION_CLOZE)) {
    const props = properties(match[3]!);
    const box = shapeBox(match[2]!, props);
    if (!box) continue;
    const mask = { ord: Number(match[1]), ...box, hideAll: props.get('oi') === '1' };
    if (mask.ord < 1 || !inImage(mask)) invalid = true;
    masks.push(mask);
  }
  let rest = question.replace(OCCLUSION_CLOZE, '');
  let image: string | null = null;
  let alt = '';
  const markdown = MARKDOWN_IMAGE.exec(rest);
  const html = HTML_IMAGE.exec(rest);
  if (markdown && (!html || markdown.index < html.index)) {
    [alt, image] = [markdown[1]!, markdown[2]!];
    rest = rest.replace(markdown[0], '');
  } else if (html) {
    image = html[1] ?? html[2] ?? html[3] ?? '';
    const altMatch = HTML_ALT.exec(html[0]);
    alt = altMatch ? (altMatch[1] ?? altMatch[2] ?? '') : '';
    rest = rest.replace(html[0], '');
  }
  return { image, alt, masks, header: rest.trim(), invalid };
}

/** The card numbers of an occlusion note, ascending, each once. */
export function occlusionOrds(question: string): number[] {
  const ords = new Set(parseOcclusion(question).masks.map((mask) => mask.ord));
  return [...ords].sort((a, b) => a - b);
}

/** Anki writes fractions as `.2345`: four places, no leading zero. */
function fraction(value: number): string {
  const rounded = Math.round(value * 10000) / 10000;
  return String(rounded).replace(/^0(?=\.)/, '');
}

/** One mask as Anki's cloze (always a rectangle). */
export function maskCloze(mask: OcclusionMask): string {
  const geometry = `left=${fraction(mask.left)}:top=${fraction(mask.top)}:width=${fraction(mask.width)}:height=${fraction(mask.height)}`;
  return `{{c${mask.ord}::image-occlusion:rect:${geometry}${mask.hideAll ? ':oi=1' : ''}}}`;
}

/** The question field for an image, its masks and a header (what the editor saves). */
export function occlusionText(note: Pick<Occlusion, 'image' | 'alt' | 'masks' | 'header'>): string {
  const image = note.image ? `![${note.alt.replace(/[[\]\n]/g, ' ')}](${note.image})` : '';
  const lines = [image, ...note.masks.map(maskCloze)].filter(Boolean).join('\n');
  return note.header.trim() ? `${lines}\n\n${note.header.trim()}` : lines;
}

export type OcclusionProblem = 'image' | 'masks' | 'bounds' | 'tooMany';

/** Why an occlusion note's question cannot make cards, or null when it can. */
export function occlusionProblem(question: string): OcclusionProblem | null {
  const note = parseOcclusion(question);
  if (!note.image || !(isMediaName(note.image) || /^https:\/\/\S+$/i.test(note.image))) return 'image';
  if (note.masks.length === 0) return 'masks';
  if (note.masks.length > OCCLUSION_MAX_MASKS) return 'tooMany';
  if (note.invalid) return 'bounds';
  return null;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const percent = (value: number) => String(Math.round(value * 10000) / 10000);

/**
 * The image with its masks for card `ord`, as one HTML line: the renderer (shared-ui's
 * render-core) places each `occlusion-mask` from its `data-occlusion` fractions. The asked mask
 * is `occlusion-asked` on the front and `occlusion-revealed` on the back; the others are drawn
 * only when they hide all.
 */
function occlusionBlock(note: Occlusion, ord: number, reveal: boolean): string {
  const masks = note.masks
    .filter((mask) => mask.ord === ord || mask.hideAll)
    .map((mask) => {
      const state = mask.ord !== ord ? '' : reveal ? ' occlusion-revealed' : ' occlusion-asked';
      const box = [mask.left, mask.top, mask.width, mask.height].map(percent).join(' ');
      return `<span class="occlusion-mask${state}" data-occlusion="${box}"></span>`;
    })
    .join('');
  const image = note.image ? `<img src="${escapeHtml(note.image)}" alt="${escapeHtml(note.alt)}">` : '';
  return `<div class="occlusion">${image}${masks}</div>`;
}

/** Front and back of card `ord` of an occlusion note (Markdown with one HTML block). */
export function occlusionFaces(question: string, extra: string, ord: number): { front: string; back: string } {
  const note = parseOcclusion(question);
  const header = note.header ? `${note.header}\n\n` : '';
  const back = `${header}${occlusionBlock(note, ord, true)}`;
  return {
    front: `${header}${occlusionBlock(note, ord, false)}`,
    back: extra.trim() ? `${back}\n\n${extra.trim()}` : back,
  };
}
