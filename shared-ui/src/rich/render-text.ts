// The renderer without math: Markdown and HTML only, a lazy chunk without KaTeX (RichText).
import { createRenderer } from './render-core';

/** Sanitised HTML for a Markdown (+ HTML) source. */
export const renderTextHtml = createRenderer();
