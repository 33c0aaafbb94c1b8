// The renderer with math ($...$, $$...$$) through KaTeX: a lazy chunk of its own, loaded only
// for a text that has a `$` (RichText). Everything else is render-core.ts.
import markdownKatex from '@vscode/markdown-it-katex';
import { createRenderer } from './render-core';
import 'katex/dist/katex.min.css';

/** Sanitised HTML for a Markdown (+ HTML, math) source. */
export const renderCardHtml = createRenderer((markdown) => markdown.use(markdownKatex, { throwOnError: false, enableMathInlineInHtml: true }));
