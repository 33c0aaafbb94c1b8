// What jsdom cannot lay out, checked in the files themselves: the sidebar column runs the full
// page height, and every page carries the favicon (shell/public/favicon.svg, inlined).
import { readFileSync } from 'fs';
import { join } from 'path';

const root = join(__dirname, '..', '..', '..');

describe('sidebar (layout.css)', () => {
  const css = readFileSync(join(__dirname, 'layout.css'), 'utf8');
  const wide = css.slice(0, css.indexOf('@media (max-width: 767.98px)'));

  it('is a grid column that stretches with the page, its panel sticky at the top', () => {
    expect(wide).toMatch(
      /\.shell\s*\{[^}]*min-height:\s*100vh;[^}]*display:\s*grid;[^}]*grid-template-columns:\s*var\(--sidebar-width\)/,
    );
    expect(wide).toMatch(/\.shell-sidebar\s*\{[^}]*grid-column:\s*1;[^}]*background:/);
    expect(wide).toMatch(/\.shell-sidebar-inner\s*\{[^}]*position:\s*sticky;[^}]*top:\s*0;[^}]*max-height:\s*100vh/);
    // Not a fixed box (that one ended where the viewport did in full-page views and prints).
    expect(wide).not.toMatch(/\.shell-sidebar\s*\{[^}]*position:\s*fixed/);
  });
});

describe('favicon', () => {
  const svg = readFileSync(join(root, 'shell', 'public', 'favicon.svg'), 'utf8').trim();
  const html = readFileSync(join(root, 'shared-ui', 'index.html'), 'utf8');

  it('is an SVG card glyph', () => {
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 32 32">/);
    expect(svg).toContain('<rect');
  });

  it('is linked from the HTML template as /favicon.ico too (served by the API), before the SVG', () => {
    expect(html).toMatch(
      /<link rel="icon" href="\/favicon\.ico" sizes="192x192" \/>\s*<link\s+rel="icon"\s+type="image\/svg\+xml"/,
    );
  });

  it('is linked from the HTML template, as the very same SVG', () => {
    const link = /<link\s+rel="icon"\s+type="image\/svg\+xml"\s+href="data:image\/svg\+xml,([^"]+)"\s*\/>/.exec(html);
    expect(link).not.toBeNull();
    expect(decodeURIComponent(link![1])).toBe(svg);
  });
});
