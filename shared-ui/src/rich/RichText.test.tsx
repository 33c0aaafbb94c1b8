import { render, screen, waitFor } from '@testing-library/react';
import { RichText, loadRenderer } from './RichText';
import { renderCardHtml } from './render';

describe('renderCardHtml', () => {
  it('renders GitHub-flavoured Markdown: emphasis, tables, strikethrough, autolinks, task lists', () => {
    const html = renderCardHtml('**bold** ~~gone~~ https://example.com\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done');
    const root = document.createElement('div');
    root.innerHTML = html;
    expect(root.querySelector('strong')?.textContent).toBe('bold');
    expect(root.querySelector('s')?.textContent).toBe('gone');
    expect(root.querySelector('table td')?.textContent).toBe('1');
    expect(root.querySelector('a')).toHaveAttribute('href', 'https://example.com');
    expect(root.querySelector('a')).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(root.querySelector('input[type=checkbox]')).toBeDisabled();
  });

  it('typesets $inline$ and $$display$$ math with KaTeX', () => {
    const root = document.createElement('div');
    root.innerHTML = renderCardHtml('Euler: $e^{i\\pi}+1=0$\n\n$$\\int_0^1 x\\,dx$$');
    expect(root.querySelectorAll('.katex').length).toBe(2);
    expect(root.querySelector('.katex-display')).not.toBeNull();
    // Typeset: superscript boxes and MathML for screen readers, not the raw TeX.
    expect(root.querySelector('.katex .katex-html .msupsub')).not.toBeNull();
    expect(root.querySelector('.katex math msup')).not.toBeNull();
    expect(root.querySelector('.katex-html')?.textContent).not.toContain('\\pi');
  });

  it.each([
    ['an event handler', '<img src=x onerror=alert(1)>', (root: HTMLElement) => expect(root.querySelector('img')?.getAttribute('onerror')).toBeNull()],
    ['a script element', 'hi<script>alert(1)</script>', (root: HTMLElement) => expect(root.querySelector('script')).toBeNull()],
    ['a javascript: link in Markdown', '[click](javascript:alert(1))', (root: HTMLElement) => expect(root.querySelector('a[href^="javascript"]')).toBeNull()],
    ['a javascript: link in HTML', '<a href="javascript:alert(1)">x</a>', (root: HTMLElement) => expect(root.querySelector('a')?.getAttribute('href') ?? '').not.toMatch(/javascript/i)],
    ['an svg with a handler', '<svg onload=alert(1)><circle/></svg>', (root: HTMLElement) => expect(root.innerHTML).not.toMatch(/onload/i)],
    ['an iframe', '<iframe src="https://evil.example"></iframe>', (root: HTMLElement) => expect(root.querySelector('iframe')).toBeNull()],
    ['a style element', '<style>body{display:none}</style>x', (root: HTMLElement) => expect(root.querySelector('style')).toBeNull()],
  ])('renders %s inert', (_name, source, check) => {
    const root = document.createElement('div');
    root.innerHTML = renderCardHtml(source);
    check(root);
    expect(root.innerHTML).not.toMatch(/alert\(1\)"|onerror=/i);
  });

  it('keeps cloze spans and Anki HTML formatting', () => {
    const root = document.createElement('div');
    root.innerHTML = renderCardHtml('The <span class="cloze">[...]</span> is <b>big</b><br>line');
    expect(root.querySelector('span.cloze')?.textContent).toBe('[...]');
    expect(root.querySelector('b')?.textContent).toBe('big');
  });
});

describe('RichText', () => {
  it('shows the plain text at once, then the rendered card', async () => {
    render(<RichText source="**Hello** $x^2$" className="face" />);
    await loadRenderer();
    await waitFor(() => expect(screen.getByText('Hello').tagName).toBe('STRONG'));
    expect(document.querySelector('.rich-text.face .katex')).not.toBeNull();
  });
});
