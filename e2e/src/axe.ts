// The browser suite's one accessibility check: axe-core's WCAG 2.0-2.2 A/AA rules (target-size
// included) on a page as it is, at a desktop and a phone size, in the light and the dark theme;
// and the pictures the tests take of what they checked.
import { AxeBuilder } from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';

export const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;
export type Size = (typeof SIZES)[number];
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** The WCAG rules whose outcome depends on colours, i.e. on the theme. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** One line per failing node: rule, impact, where, and axe's own summary of what to fix. */
export function describeViolations(violations: Violation[]): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${node.impact}) at ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ').trim()}`,
    ),
  );
}

/** Two frames: the new layout and colours are painted before anything reads them. */
export async function painted(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** The theme as the shell applies the account's setting (`applyTheme`: <html data-theme>), painted. */
export async function setTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate((value) => (document.documentElement.dataset.theme = value), theme);
  await painted(page);
}

export interface AxeOptions {
  /** Every rule of WCAG 2.0-2.2 A/AA (default), else only the rules that read colours. */
  all?: boolean;
  /** 'serious' keeps serious and critical violations; 'minor' (default) keeps every one. */
  minImpact?: 'minor' | 'serious';
  /** Only this part of the page (a CSS selector). */
  include?: string;
}

/** axe's violations on the page as it is, one line per node. */
export async function axeViolations(
  page: Page,
  { all = true, minImpact = 'minor', include }: AxeOptions = {},
): Promise<string[]> {
  // Legacy mode: axe.run in the page itself. The default opens a blank page per run to merge
  // the frames' results (seconds each here); these pages have no frames of another origin.
  let axe = new AxeBuilder({ page }).setLegacyMode(true);
  if (include) axe = axe.include(include);
  const builder = all ? axe.withTags(WCAG_TAGS) : axe.withRules(COLOUR_RULES);
  // target-size (2.5.8) is tagged wcag22aa but off by default in axe-core 4.14.
  const results = await builder.options({ rules: { 'target-size': { enabled: all } } }).analyze();
  const ran = [...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable].map(
    (rule) => rule.id,
  );
  // A rule that silently did not run would make the check pass for nothing.
  const expected = all ? ['target-size', ...COLOUR_RULES] : COLOUR_RULES;
  const missing = expected.filter((rule) => !ran.includes(rule));
  if (missing.length) throw new Error(`axe did not run ${missing.join(', ')}`);
  const kept =
    minImpact === 'serious'
      ? results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      : results.violations;
  return describeViolations(kept);
}

export interface AuditOptions {
  sizes?: readonly Size[];
  /** Only this part of the page (a CSS selector). */
  include?: string;
  /** 'serious' (default) keeps serious and critical violations; 'minor' keeps every one. */
  minImpact?: 'minor' | 'serious';
  /** Run at each size and theme after axe: a picture, a layout check. */
  each?: (size: Size, theme: Theme) => Promise<void>;
}

/**
 * Runs axe at both sizes in both themes on the page as it is, and returns the violations as
 * readable lines prefixed with `screen`, size and theme. The themes differ in colours only: the
 * second one runs the rules that read colours. Leaves the page at 1280x800.
 */
export async function audit(
  page: Page,
  screen: string,
  { sizes = SIZES, include, minImpact = 'serious', each }: AuditOptions = {},
): Promise<string[]> {
  const problems: string[] = [];
  for (const size of sizes) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const theme of THEMES) {
      await setTheme(page, theme);
      const lines = await axeViolations(page, { all: theme === THEMES[0], minImpact, include });
      problems.push(...lines.map((line) => `${screen} ${size.name} ${theme}: ${line}`));
      await each?.(size, theme);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  return problems;
}

/** How far the page scrolls sideways (0 when nothing is wider than the viewport). */
export const sidewaysOverflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

export const SHOTS = '/tmp/shots';

/**
 * A picture of one element as laid out, without the sticky top bar over it: a full-page picture
 * (the bar then sits at the page's top) clipped to the element, at /tmp/shots/<name>.png. Focus is
 * taken off first (no ring left by the test's typing) unless `keepFocus`.
 */
export async function shootElement(
  page: Page,
  element: Locator,
  name: string,
  { keepFocus = false } = {},
): Promise<void> {
  await page.evaluate((blur) => {
    if (blur) (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  }, !keepFocus);
  const box = await element.evaluate((node) => {
    const rect = node.getBoundingClientRect();
    return { x: rect.left + window.scrollX, y: rect.top + window.scrollY, width: rect.width, height: rect.height };
  });
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true, clip: box });
}
