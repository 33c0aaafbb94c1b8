// A card's text as the learner wrote it: Markdown, math, HTML from imports, cloze spans, all
// sanitised (render.ts). The renderer (markdown-it, KaTeX, DOMPurify) is a lazy chunk, so no
// screen's first load pays for it; until it arrives the text shows as plain text.
import { useEffect, useState } from 'react';

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
  const [html, setHtml] = useState<string | null>(() => (renderer ? renderer(source) : null));

  useEffect(() => {
    let current = true;
    if (renderer) setHtml(renderer(source));
    else
      void loadRenderer().then(
        (render) => current && setHtml(render(source)),
        () => current && setHtml(null),
      );
    return () => {
      current = false;
    };
  }, [source]);

  const classes = className ? `rich-text ${className}` : 'rich-text';
  if (html === null) return <div className={`${classes} rich-text-plain`}>{source}</div>;
  // Sanitised by DOMPurify in render.ts: the only way card HTML reaches the page.
  return <div className={classes} dangerouslySetInnerHTML={{ __html: html }} />;
}
