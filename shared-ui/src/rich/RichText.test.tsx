import { cardFaces } from '@flashcard/api-contract/schemas';
import { render, screen, waitFor } from '@testing-library/react';
import { RichMediaProvider, cachedMediaResolver } from './media';
import { RichText, loadRenderer, renderingOf } from './RichText';
import { renderCardHtml } from './render';
import { renderTextHtml } from './render-text';

describe('renderCardHtml', () => {
  it('renders GitHub-flavoured Markdown: emphasis, tables, strikethrough, autolinks, task lists', () => {
    const html = renderCardHtml(
      '**bold** ~~gone~~ https://example.com\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done',
    );
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
    [
      'an event handler',
      '<img src=x onerror=alert(1)>',
      (root: HTMLElement) => expect(root.querySelector('img')?.getAttribute('onerror')).toBeNull(),
    ],
    [
      'a script element',
      'hi<script>alert(1)</script>',
      (root: HTMLElement) => expect(root.querySelector('script')).toBeNull(),
    ],
    [
      'a javascript: link in Markdown',
      '[click](javascript:alert(1))',
      (root: HTMLElement) => expect(root.querySelector('a[href^="javascript"]')).toBeNull(),
    ],
    [
      'a javascript: link in HTML',
      '<a href="javascript:alert(1)">x</a>',
      (root: HTMLElement) => expect(root.querySelector('a')?.getAttribute('href') ?? '').not.toMatch(/javascript/i),
    ],
    [
      'an svg with a handler',
      '<svg onload=alert(1)><circle/></svg>',
      (root: HTMLElement) => expect(root.innerHTML).not.toMatch(/onload/i),
    ],
    [
      'an iframe',
      '<iframe src="https://evil.example"></iframe>',
      (root: HTMLElement) => expect(root.querySelector('iframe')).toBeNull(),
    ],
    [
      'a style element',
      '<style>body{display:none}</style>x',
      (root: HTMLElement) => expect(root.querySelector('style')).toBeNull(),
    ],
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
    const images = [...root.querySelectorAll('img')].map((image) => [
      image.getAttribute('alt'),
      image.getAttribute('src'),
      image.getAttribute('data-media'),
    ]);
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

  it("plays the learner's sounds: Anki's [sound:name] and an <audio> of theirs or from https:, nothing else", () => {
    for (const render of [renderCardHtml, renderTextHtml]) {
      const root = document.createElement('div');
      root.innerHTML = render(
        'Say [sound:hello.mp3] then <audio src="bonjour.opus" autoplay loop onplay="alert(1)"></audio> ' +
          '<audio src="https://example.org/a.ogg"></audio> <audio src="javascript:alert(1)"></audio> ' +
          '<audio src="cell.png"></audio> <audio><source src="x.mp3"></audio> <video src="v.mp4"></video> ' +
          '`[sound:code.mp3]` [sound:../../etc/passwd] [sound:has space.mp3]\n\n<div>[sound:field.wav]</div>',
      );
      const sounds = [...root.querySelectorAll('audio')].map((audio) => [
        audio.getAttribute('data-media'),
        audio.getAttribute('src'),
        audio.hasAttribute('controls'),
        audio.getAttribute('preload'),
        audio.hasAttribute('autoplay') || audio.hasAttribute('loop'),
      ]);
      expect(sounds).toEqual([
        ['hello.mp3', null, true, 'none', false],
        ['bonjour.opus', null, true, 'none', false],
        [null, 'https://example.org/a.ogg', true, 'none', false],
        // No javascript:, no image, no <audio> with only a <source> child, no path: gone.
        ['field.wav', null, true, 'none', false],
      ]);
      expect(root.querySelector('video, source')).toBeNull();
      expect(root.innerHTML).not.toMatch(/onplay|javascript:/i);
      // In code, and where the name is no file of ours, the reference stays words.
      expect(root.querySelector('code')?.textContent).toBe('[sound:code.mp3]');
      expect(root.textContent).toContain('[sound:has space.mp3]');
    }
  });

  it('keeps cloze spans and Anki HTML formatting', () => {
    const root = document.createElement('div');
    root.innerHTML = renderCardHtml('The <span class="cloze">[...]</span> is <b>big</b><br>line');
    expect(root.querySelector('span.cloze')?.textContent).toBe('[...]');
    expect(root.querySelector('b')?.textContent).toBe('big');
  });
});

describe("Anki's and MathJax's math", () => {
  const rendered = (source: string) => {
    const root = document.createElement('div');
    root.innerHTML = renderCardHtml(source);
    return root;
  };
  // The words a reader sees: KaTeX's MathML copy (for screen readers) left out.
  const visible = (root: HTMLElement) => {
    const copy = root.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('.katex-mathml').forEach((element) => element.remove());
    return copy.textContent ?? '';
  };

  it.each([
    ['MathJax inline', 'Pythagoras: \\(a^2 + b^2 = c^2\\)', 1, 0],
    ['MathJax display', 'Sum: \\[\\sum_{i=1}^n i\\]', 1, 1],
    ["Anki's inline", 'A category [$]\\mathcal{C}[/$] has objects', 1, 0],
    ["Anki's display", 'A functor [$$]F: \\mathcal{C} \\to \\mathcal{D}[/$$] maps', 1, 1],
    ["Anki's [latex]", '[latex]\\begin{align}a&=b\\\\c&=d\\end{align}[/latex]', 1, 1],
    ['dollars', 'Euler: $e^{i\\pi}+1=0$ and $$\\int_0^1 x\\,dx$$', 2, 1],
    ['delimiters inside an HTML block (an Anki field)', '<div>[$]a &lt; b[/$] and \\(c\\) and $d$</div>', 3, 0],
    ['a formula right after an opening tag', 'Card <span class="cloze">[$]x^2[/$]</span>', 1, 0],
  ])('typesets %s with KaTeX, no delimiter left in the text', (_name, source, formulas, displays) => {
    const root = rendered(source);
    expect(root.querySelectorAll('.katex')).toHaveLength(formulas);
    expect(root.querySelectorAll('.katex-display')).toHaveLength(displays);
    expect(root.querySelector('.katex-error')).toBeNull();
    expect(visible(root)).not.toMatch(/\[\/?\$|\\[()[\]]|\[\/?latex\]|\$|&lt;/i);
  });

  it('reads an entity inside an Anki formula as its character', () => {
    const root = rendered('[$]a &lt; b[/$]');
    expect(root.querySelector('.katex math')?.textContent).toContain('<');
  });

  it('shows the words of a [latex] of words, and the source of what KaTeX cannot typeset, without brackets', () => {
    expect(visible(rendered('[latex]Hello world[/latex]')).trim()).toBe('Hello world');
    const root = rendered('[latex]\\begin{tikzpicture}\\draw (0,0) circle (1);\\end{tikzpicture}[/latex]');
    expect(root.querySelector('.katex-error')?.textContent).toContain('\\begin{tikzpicture}');
    expect(visible(root)).not.toMatch(/\[\/?latex\]/);
  });

  it.each([
    ['a price', 'It costs $5 and $6.', 'It costs $5 and $6.'],
    ['a price in an HTML block', '<div>It costs $5 and $6.</div>', 'It costs $5 and $6.'],
    ['an escaped dollar', 'a \\$x\\$ b', 'a $x$ b'],
    ['a code span', 'type `$x$` or `\\(x\\)` or `[$]x[/$]`', 'type $x$ or \\(x\\) or [$]x[/$]'],
    ['an escaped backslash', 'a \\\\(b)', 'a \\(b)'],
    ['a Markdown link', '[docs](https://example.com)', 'docs'],
  ])('keeps %s as written', (_name, source, text) => {
    const root = rendered(source);
    expect(root.querySelector('.katex')).toBeNull();
    expect(root.textContent?.trim()).toBe(text);
  });

  it('reads a $$ formula that begins a line and is followed by words as inline, not as a block to the end', () => {
    const root = rendered('$$x$$ is Euler\n\nnext paragraph');
    expect(root.querySelectorAll('.katex')).toHaveLength(1);
    expect(visible(root)).toContain('is Euler');
    expect(root.querySelector('.katex-error')).toBeNull();
  });
});

describe('markup that would reach the page', () => {
  const OVERLAY =
    '<div style="position:fixed;inset:0;z-index:9999" class="modal-overlay" id="root" name="x" popover="manual">Session expired. ' +
    '<a href="https://evil.example/login" target="_self" class="btn" style="display:block" accesskey="s" tabindex="-1">Sign in</a></div>';
  const rendered = (html: string) => {
    const root = document.createElement('div');
    root.innerHTML = html;
    return root;
  };

  it.each([
    ['the text renderer', renderTextHtml],
    ['the math renderer', renderCardHtml],
  ])(
    '%s keeps no style, id, name, popover, accesskey or foreign class, and opens links safely elsewhere',
    (_name, renderHtml) => {
      const root = rendered(
        renderHtml(`${OVERLAY}\n\n<dialog open>dialog</dialog> <span class="cloze toast">kept</span>`),
      );
      expect(root.querySelector('[style], [id], [name], [popover], [accesskey], [tabindex]')).toBeNull();
      expect(root.querySelector('dialog')).toBeNull();
      expect([...root.querySelectorAll('[class]')].map((element) => element.className)).toEqual(['cloze']);
      const link = root.querySelector('a')!;
      expect(link).toHaveAttribute('href', 'https://evil.example/login');
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')?.split(' ')).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
      expect(root.textContent).toContain('Session expired. Sign in');
    },
  );

  it("keeps KaTeX's own classes and styles, but no source element can claim them", () => {
    const root = rendered(
      renderCardHtml(
        '$x^2$ <span class="katex" style="position:fixed;top:0" data-rich-trust="guess">fake</span> <span data-rich-trust><b style="position:fixed">b</b></span>',
      ),
    );
    const formula = root.querySelector('.katex')!;
    expect(formula.querySelector('.katex-html [style]')).not.toBeNull();
    expect(formula.querySelector('math msup')).not.toBeNull();
    expect(root.querySelectorAll('.katex')).toHaveLength(1);
    expect(root.querySelectorAll('[data-rich-trust]')).toHaveLength(0);
    const fake = [...root.querySelectorAll('span')].find((span) => span.textContent === 'fake')!;
    expect(fake.attributes).toHaveLength(0);
    expect(root.querySelector('b')).not.toHaveAttribute('style');
  });

  it("drops MathML that is not KaTeX's (mpadded and mathsize move and size text like CSS)", () => {
    const root = rendered(
      renderCardHtml('<math><mpadded voffset="-50em"><mtext mathsize="90">big</mtext></mpadded></math> $y$'),
    );
    expect(root.querySelector('mpadded, mtext[mathsize]')).toBeNull();
    expect(root.textContent).not.toContain('big');
    expect(root.querySelector('.katex math')).not.toBeNull();
  });

  it("keeps KaTeX's SVG (a radical's sign, a stretchy arrow) and no SVG of the source's", () => {
    const root = rendered(
      renderCardHtml('$\\sqrt{x}$ [$]A \\xleftarrow{f} B[/$] <svg><circle r="90"/><path d="M0 0h999"/></svg>'),
    );
    const drawn = [...root.querySelectorAll('svg')];
    expect(drawn).toHaveLength(2);
    expect(drawn.every((svg) => svg.closest('.katex') !== null && svg.querySelector('path') !== null)).toBe(true);
    expect(root.querySelector('circle')).toBeNull();
  });

  it('typesets no link, class or style a formula asks for', () => {
    const root = rendered(
      renderCardHtml('$\\href{https://evil.example}{x} \\htmlClass{modal-overlay}{y} \\htmlStyle{position:fixed}{z}$'),
    );
    expect(root.querySelector('a, .modal-overlay')).toBeNull();
    expect(root.querySelector('[style*="position"]')).toBeNull();
  });

  it('keeps the classes our own markup writes: cloze faces and task lists', () => {
    const root = rendered(renderCardHtml('<span class="cloze cloze-revealed">Paris</span>\n\n- [x] done'));
    expect(root.querySelector('span')).toHaveAttribute('class', 'cloze cloze-revealed');
    expect(
      root.querySelector('ul.contains-task-list > li.task-list-item input.task-list-item-checkbox'),
    ).not.toBeNull();
  });
});

describe('image occlusion faces', () => {
  const question = [
    '![Heart](heart.png)',
    '{{c1::image-occlusion:rect:left=.1:top=.25:width=.1:height=.2:oi=1}}',
    '{{c2::image-occlusion:rect:left=.5:top=.3:width=.25:height=.125:oi=1}}',
  ].join('\n');

  it('places each mask over the image in percentages, the asked one marked', () => {
    const root = document.createElement('div');
    root.innerHTML = renderTextHtml(cardFaces({ kind: 'occlusion', ord: 2, question, answer: '' }).front);
    const masks = [...root.querySelectorAll<HTMLElement>('.occlusion > .occlusion-mask')];
    expect(root.querySelector('.occlusion > img')).toHaveAttribute('data-media', 'heart.png');
    expect(masks.map((mask) => mask.getAttribute('style'))).toEqual([
      'left:10%;top:25%;width:10%;height:20%',
      'left:50%;top:30%;width:25%;height:12.5%',
    ]);
    expect(masks.map((mask) => mask.className)).toEqual(['occlusion-mask', 'occlusion-mask occlusion-asked']);
    expect(root.innerHTML).not.toContain('data-occlusion');
  });

  it.each([
    ['a style of its own', '<span class="occlusion-mask" style="position:fixed;inset:0"></span>'],
    ['CSS in the box', '<span class="occlusion-mask" data-occlusion="0 0 1 1;position:fixed"></span>'],
    ['a box outside the image', '<span class="occlusion-mask" data-occlusion="0.5 0 0.9 1"></span>'],
    ['a box on another element', '<span class="cloze" data-occlusion="0 0 1 1"></span>'],
  ])('gives a source no style through a mask: %s', (_name, source) => {
    const root = document.createElement('div');
    root.innerHTML = renderTextHtml(source);
    expect(root.querySelector('[style]')).toBeNull();
  });
});

describe('renderingOf', () => {
  it('keeps plain words plain, and sends markup to the Markdown renderer and a $ to the math one', () => {
    for (const plain of [
      'What is the capital of France?',
      'Hund (der) - dog; plural: Hunde!',
      "It's 5 o'clock.\nNew line",
    ]) {
      expect([plain, renderingOf(plain)]).toEqual([plain, 'plain']);
    }
    for (const markup of [
      '**bold**',
      'a_b',
      '`code`',
      '<b>x</b>',
      'Tom &amp; Jerry',
      '# Title',
      '- item',
      '1. first',
      '> quote',
      '| a | b |',
      'see https://example.com',
      'www.example.com',
      'ada@example.com',
      '![cell](cell.png)',
      '---',
    ]) {
      expect([markup, renderingOf(markup)]).toEqual([markup, 'markdown']);
    }
    expect(renderingOf('Euler: $e^{i\\pi}+1=0$')).toBe('math');
    for (const math of ['\\(a^2\\)', '\\[x\\]', '[latex]x[/latex]', '[$]x[/$]'])
      expect([math, renderingOf(math)]).toEqual([math, 'math']);
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

  it('lets the keyboard reach a formula that overflows its card (it scrolls), and no other', async () => {
    // jsdom lays nothing out: the display formula is given a scroller wider than its box.
    const width = (element: HTMLElement, scroll: boolean) =>
      element.classList.contains('katex-display') ? (scroll ? 900 : 300) : 100;
    const scrollWidth = jest.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return width(this, true);
    });
    const clientWidth = jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return width(this, false);
    });
    try {
      await loadRenderer();
      render(<RichText source={'short $x$ and long \\[\\sum_{i=1}^{n} i\\]'} />);
      await waitFor(() => expect(document.querySelector('.katex-display')).toHaveAttribute('tabindex', '0'));
      const inline = [...document.querySelectorAll('.katex')].find((formula) => !formula.closest('.katex-display'));
      expect(inline).not.toHaveAttribute('tabindex');
    } finally {
      scrollWidth.mockRestore();
      clientWidth.mockRestore();
    }
  });

  it("gives the learner's sounds their blob: URL from the same resolver", async () => {
    const fetchBlob = jest.fn(async (name: string) => new Blob([name], { type: 'audio/mpeg' }));
    URL.createObjectURL = jest.fn(() => 'blob:test/sound');
    await loadRenderer('markdown');
    const { container } = render(
      <RichMediaProvider resolve={cachedMediaResolver(fetchBlob)}>
        <RichText source="Listen: [sound:hello.mp3]" />
      </RichMediaProvider>,
    );
    await waitFor(() => expect(container.querySelector('audio')).toHaveAttribute('src', 'blob:test/sound'));
    expect(fetchBlob).toHaveBeenCalledWith('hello.mp3');
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
