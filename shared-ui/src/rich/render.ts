// The renderer with math ($...$, $$...$$) through KaTeX: a lazy chunk of its own, loaded only
// for a text that has a `$` (RichText). Everything else is render-core.ts.
import markdownKatex from '@vscode/markdown-it-katex';
import { createRenderer, trusted } from './render-core';
import 'katex/dist/katex.min.css';

/** Sanitised HTML for a Markdown (+ HTML, math) source. */
export const renderCardHtml = createRenderer((markdown) => {
  // trust: false: no \href, \htmlClass or \htmlStyle; maxSize (em) caps \rule and spaces.
  markdown.use(markdownKatex, { throwOnError: false, enableMathInlineInHtml: true, trust: false, maxSize: 20 });
  // Each formula's HTML is KaTeX's own (its classes and styles lay it out): marked for render-core.
  for (const rule of ['math_inline', 'math_inline_block', 'math_inline_bare_block', 'math_block']) {
    const typeset = markdown.renderer.rules[rule];
    if (typeset)
      markdown.renderer.rules[rule] = (tokens, index, options, env, self) =>
        trusted(typeset(tokens, index, options, env, self), env);
  }
  return markdown;
});
