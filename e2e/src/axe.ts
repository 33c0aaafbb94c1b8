// The browser suite's one accessibility check: axe-core's WCAG 2.0-2.2 A/AA rules (target-size
// included) on a page as it is, at a desktop and a phone size, in the light and the dark theme.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

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

/** The theme as the shell applies the account's setting (`applyTheme`: <html data-theme>), painted. */
export async function setTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate((value) => (document.documentElement.dataset.theme = value), theme);
  // Two frames: the new layout and colours are painted before anything reads them.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * axe's violations on the page as it is, one line per node: with `all` every rule of WCAG 2.0-2.2
 * A/AA, else only the rules that read colours (what a second theme can change). `minImpact`
 * 'serious' keeps serious and critical ones.
 */
export async function axeViolations(
  page: Page,
  { all = true, minImpact = 'minor' }: { all?: boolean; minImpact?: 'minor' | 'serious' } = {},
): Promise<string[]> {
  // Legacy mode: axe.run in the page itself. The default opens a blank page per run to merge
  // the frames' results (seconds each here); these pages have no frames of another origin.
  const axe = new AxeBuilder({ page }).setLegacyMode(true);
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

/**
 * Runs axe at both sizes in both themes on the page as it is, and returns every serious or
 * critical violation as readable lines prefixed with `screen`, size and theme. The themes differ
 * in colours only: the second one runs the rules that read colours. Leaves the page at 1280x800.
 */
export async function audit(page: Page, screen: string, sizes: readonly Size[] = SIZES): Promise<string[]> {
  const problems: string[] = [];
  for (const size of sizes) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const theme of THEMES) {
      await setTheme(page, theme);
      const lines = await axeViolations(page, { all: theme === THEMES[0], minImpact: 'serious' });
      problems.push(...lines.map((line) => `${screen} ${size.name} ${theme}: ${line}`));
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  return problems;
}
