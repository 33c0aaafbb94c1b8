// A card's text as the learner wrote it: Markdown, math, HTML from imports, cloze spans, all
// sanitised (render-core.ts). The renderers are lazy chunks, so no screen's first load pays for
// them, and only a text that needs one loads it: plain words stay plain text (most cards), a
// text with markup loads markdown-it and DOMPurify, one that may hold math (`$`, `\(`, `\[`,
// `[latex]`) also KaTeX. Until a renderer arrives the text shows as plain text.
import { mayHoldMath } from '@flashcard/api-contract/schemas';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useMediaImages } from './media';
import { useFocusableScrollers } from './scrollers';

export interface RichTextProps {
  /** Markdown source (a face from cardFaces() of @flashcard/api-contract). */
  source: string;
  className?: string;
}

type Renderer = (source: string) => string;
export type Rendering = 'plain' | 'markdown' | 'math';

// Anything Markdown, HTML or linkify would turn into something else than the same words: inline
// marks, entities and tags, line-start blocks (headings, quotes, lists, rules, fences), tables,
// links and e-mail addresses. Ordinary punctuation (. , : ; ! ? ( ) - ') stays plain.
const MARKUP =
  /[*_`~\\<&[\]|]|^ {0,3}(?:#{1,6}\s|>|[-+]\s|\d+[.)]\s|={3,}\s*$|-{3,}\s*$)|https?:\/\/|www\.|[^\s@]@[^\s@]+\.[a-z]/im;

/** What a source needs to show as written. */
export function renderingOf(source: string): Rendering {
  if (mayHoldMath(source)) return 'math';
  return MARKUP.test(source) ? 'markdown' : 'plain';
}

const renderers: Partial<Record<'markdown' | 'math', Renderer>> = {};
const loading: Partial<Record<'markdown' | 'math', Promise<Renderer>>> = {};

/** Loads a renderer once for the whole page (math: the one with KaTeX, which also does the rest). */
export function loadRenderer(kind: 'markdown' | 'math' = 'math'): Promise<Renderer> {
  loading[kind] ??= (
    kind === 'math'
      ? import(/* webpackChunkName: "rich-math" */ './render').then((module) => module.renderCardHtml)
      : import(/* webpackChunkName: "rich-text" */ './render-text').then((module) => module.renderTextHtml)
  ).then((renderer) => (renderers[kind] = renderer));
  return loading[kind];
}

/** The loaded renderer that can show `kind`, if any. */
function rendererFor(kind: Rendering): Renderer | undefined {
  if (kind === 'plain') return undefined;
  return kind === 'math' ? renderers.math : (renderers.markdown ?? renderers.math);
}

export function RichText({ source, className }: RichTextProps) {
  const kind = renderingOf(source);
  const [, setLoaded] = useState(0);
  const renderer = rendererFor(kind);

  useEffect(() => {
    if (kind === 'plain' || renderer) return;
    let current = true;
    // Plain text stays up if the chunk cannot load (offline): the card is still readable.
    void loadRenderer(kind).then(
      () => current && setLoaded((count) => count + 1),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [kind, renderer]);

  const html = useMemo(() => (renderer ? renderer(source) : null), [renderer, source]);
  const container = useRef<HTMLDivElement>(null);
  useMediaImages(container, html);
  useFocusableScrollers(container, html);
  const classes = className ? `rich-text ${className}` : 'rich-text';
  if (html === null) return <div className={`${classes} rich-text-plain`}>{source}</div>;
  // Sanitised by DOMPurify in render.ts: the only way card HTML reaches the page.
  return <div ref={container} className={classes} dangerouslySetInnerHTML={{ __html: html }} />;
}
