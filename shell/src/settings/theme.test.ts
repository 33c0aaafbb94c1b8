import { readFileSync } from 'fs';
import { join } from 'path';
import { applyTheme } from './theme';
import THEME_COLORS from './theme-colors.json';

test("the account's theme sets the page's theme and every theme-color meta to that theme's top bar", () => {
  document.head.innerHTML =
    '<meta name="theme-color" content="#ffffff" media="(prefers-color-scheme: light)">' +
    '<meta name="theme-color" content="#1b1f2a" media="(prefers-color-scheme: dark)">';
  const colors = () =>
    [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')].map((m) => m.content);
  applyTheme(true);
  expect(document.documentElement.dataset.theme).toBe('dark');
  expect(colors()).toEqual(['#1b1f2a', '#1b1f2a']);
  applyTheme(false);
  expect(document.documentElement.dataset.theme).toBe('light');
  expect(colors()).toEqual(['#ffffff', '#ffffff']);
});

test("the theme colours are the stylesheet's top bar surfaces", () => {
  const css = readFileSync(join(__dirname, '..', '..', '..', 'shared-ui', 'src', 'styles.css'), 'utf8');
  const surface = (block: string) => /--surface:\s*(#[0-9a-f]{6})/.exec(css.slice(css.indexOf(block)))?.[1];
  expect(THEME_COLORS).toEqual({ light: surface(':root {'), dark: surface("[data-theme='dark'] {") });
});
