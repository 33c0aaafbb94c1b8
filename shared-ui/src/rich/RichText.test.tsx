import { render, screen, waitFor } from '@testing-library/react';
import { RichMediaProvider, cachedMediaResolver } from './media';
import { RichText, loadRenderer, renderingOf } from './RichText';
import { renderCardHtml } from './render';
import { renderTextHtml } from './render-text';

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

  it("marks the learner's images by name and keeps only https: images from elsewhere", () => {
    const root = document.createElement('div');
    root.innerHTML = renderCardHtml(
      '![cell](mitosis.png) <img src="leaf.jpg" alt="leaf" onerror="alert(1)"> ![w](https://example.org/a.png) ' +
        '<img src="data:image/png;base64,AAAA" alt="data"> <img src="http://example.org/b.png" alt="plain"> ' +
        '<img src="../../etc/x.png" alt="path"> <img src="x" alt="odd" data-media="forged.png">',
    );
    const images = [...root.querySelectorAll('img')].map((image) => [image.getAttribute('alt'), image.getAttribute('src'), image.getAttribute('data-media')]);
    expect(images).toEqual([
      ['cell', null, 'mitosis.png'],
      ['leaf', null, 'leaf.jpg'],
      ['w', 'https://example.org/a.png', null],
      ['data', null, null],
      ['plain', null, null],
      ['path', null, null],
      // A card cannot name a file through the attribute itself.
      ['odd', null, null],
    ]);
    expect(root.innerHTML).not.toMatch(/onerror/i);
  });

  it('keeps cloze spans and Anki HTML formatting', () => {
    const root = document.createElement('div');
    root.innerHTML = renderCardHtml('The <span class="cloze">[...]</span> is <b>big</b><br>line');
    expect(root.querySelector('span.cloze')?.textContent).toBe('[...]');
    expect(root.querySelector('b')?.textContent).toBe('big');
  });
});

describe('renderingOf', () => {
  it('keeps plain words plain, and sends markup to the Markdown renderer and a $ to the math one', () => {
    for (const plain of ['What is the capital of France?', 'Hund (der) - dog; plural: Hunde!', "It's 5 o'clock.\nNew line"]) {
      expect([plain, renderingOf(plain)]).toEqual([plain, 'plain']);
    }
    for (const markup of ['**bold**', 'a_b', '`code`', '<b>x</b>', 'Tom &amp; Jerry', '# Title', '- item', '1. first', '> quote', '| a | b |', 'see https://example.com', 'www.example.com', 'ada@example.com', '![cell](cell.png)', '---']) {
      expect([markup, renderingOf(markup)]).toEqual([markup, 'markdown']);
    }
    expect(renderingOf('Euler: $e^{i\\pi}+1=0$')).toBe('math');
  });

  it('renders Markdown without KaTeX in the text renderer', () => {
    const html = renderTextHtml('**bold** and $x^2$');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('$x^2$');
    expect(html).not.toContain('katex');
  });
});

describe('RichText', () => {
  it('shows plain words as they are, with no renderer to wait for', () => {
    render(<RichText source="What is the capital of France?" />);
    const text = screen.getByText('What is the capital of France?');
    expect(text).toHaveClass('rich-text', 'rich-text-plain');
  });

  it('shows the plain text at once, then the rendered card', async () => {
    render(<RichText source="**Hello** $x^2$" className="face" />);
    await loadRenderer();
    await waitFor(() => expect(screen.getByText('Hello').tagName).toBe('STRONG'));
    expect(document.querySelector('.rich-text.face .katex')).not.toBeNull();
  });

  it("shows the learner's images from the app's resolver, fetching each name once", async () => {
    const fetchBlob = jest.fn(async (name: string) => {
      if (name === 'missing.png') throw new Error('404');
      return new Blob([name], { type: 'image/png' });
    });
    let made = 0;
    URL.createObjectURL = jest.fn(() => `blob:test/${++made}`);
    const resolve = cachedMediaResolver(fetchBlob);
    await loadRenderer();
    render(
      <RichMediaProvider resolve={resolve}>
        <RichText source="![cell](cell.png) ![again](cell.png)" />
        <RichText source="![gone](missing.png)" />
      </RichMediaProvider>,
    );
    await waitFor(() => expect(screen.getByAltText('cell')).toHaveAttribute('src', 'blob:test/1'));
    expect(screen.getByAltText('again')).toHaveAttribute('src', 'blob:test/1');
    expect(fetchBlob.mock.calls.map(([name]) => name).sort()).toEqual(['cell.png', 'missing.png']);
    // A file that cannot be fetched shows its alt text (no source).
    expect(screen.getByAltText('gone')).not.toHaveAttribute('src');
  });
});
