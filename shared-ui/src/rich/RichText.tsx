// A card's text as the learner wrote it: Markdown, math, HTML from imports, cloze spans, all
// sanitised (render.ts). The renderer (markdown-it, KaTeX, DOMPurify) is a lazy chunk, so no
// screen's first load pays for it; until it arrives the text shows as plain text.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useMediaImages } from './media';

export interface RichTextProps {
  /** Markdown source (a face from cardFaces() of @flashcard/api-contract). */
  source: string;
  className?: string;
}

type Renderer = (source: string) => string;
let renderer: Renderer | null = null;
let loading: Promise<Renderer> | null = null;

/** Loads the renderer once for the whole page. */
export function loadRenderer(): Promise<Renderer> {
  loading ??= import(/* webpackChunkName: "rich-text" */ './render').then((module) => {
    renderer = module.renderCardHtml;
    return renderer;
  });
  return loading;
}

export function RichText({ source, className }: RichTextProps) {
  const [loaded, setLoaded] = useState(() => renderer !== null);

  useEffect(() => {
    if (loaded) return;
    let current = true;
    // Plain text stays up if the chunk cannot load (offline): the card is still readable.
    void loadRenderer().then(
      () => current && setLoaded(true),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [loaded]);

  const html = useMemo(() => (loaded && renderer ? renderer(source) : null), [loaded, source]);
  const container = useRef<HTMLDivElement>(null);
  useMediaImages(container, html);
  const classes = className ? `rich-text ${className}` : 'rich-text';
  if (html === null) return <div className={`${classes} rich-text-plain`}>{source}</div>;
  // Sanitised by DOMPurify in render.ts: the only way card HTML reaches the page.
  return <div ref={container} className={classes} dangerouslySetInnerHTML={{ __html: html }} />;
}
