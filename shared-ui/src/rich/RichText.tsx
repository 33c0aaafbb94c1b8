// PLACEHOLDER being replaced by the rich-cards work: renders card text (Markdown, math, cloze
// spans, the learner's images) sanitised. Until then: plain text.
export interface RichTextProps {
  /** Markdown source (a face from cardFaces() of @flashcard/api-contract). */
  source: string;
  className?: string;
}

export function RichText({ source, className }: RichTextProps) {
  return <div className={className ? `rich-text ${className}` : 'rich-text'} style={{ whiteSpace: 'pre-wrap' }}>{source}</div>;
}
