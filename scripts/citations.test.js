// Comments and docs say the rule they rely on, not where it was once written down: the product
// spec and the issue tracker are not in this repository, so "spec section 8" or "issue 16" points
// a reader nowhere. This test fails on such a citation in any tracked file.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

/** Citations of documents a reader of this repository cannot open. */
const CITATIONS = [
  /\bspec(?:'s)?\s+(?:section|§)/i, // "spec section 8", "spec § 4"
  /§\s*\d/, // "§8"
  /\bspec\s+\d/i, // "Spec 9:", "(spec 5)"
  /(?<!\bRFC \d+ )\bsection\s+\d/i, // "(section 9)"; an RFC's section is public and stays
  /\bissues?\s+#?\d/i, // "issue 16", "Issue #27"
  /\(#\d+\)/, // "(#12)"
];

/** Each line of `text` that cites something, as `line: text`. */
function citationsIn(text) {
  return text
    .split('\n')
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => CITATIONS.some((pattern) => pattern.test(line)))
    .map(({ line, number }) => `${number}: ${line.trim()}`);
}

test('the patterns catch the citations and leave other numbers alone', () => {
  for (const cited of [
    '// The error catalogue of spec section 8.',
    '/** Spec 9: difficulty labels. */',
    "  // The settings slider's range (spec 5).",
    "/** The spec's defaults (section 9). */",
    '// Canary cohorts (issue 27).',
    '// Issue #14 in a real browser',
    '// See § 4.',
    '// Fixed in (#123).',
  ])
    expect({ cited, found: citationsIn(cited).length }).toEqual({ cited, found: 1 });
  for (const plain of [
    "the spec's 6 characters",
    'block headers only (RFC 8878 section 3.1)',
    "rejects.toThrow('No deploy token #999999.')",
    'API #1    API #2',
    'color: #1f2937',
    'a known issue with the parser',
  ])
    expect({ plain, found: citationsIn(plain) }).toEqual({ plain, found: [] });
});

test('no tracked file cites the spec by section or an issue by number', () => {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file && file !== 'package-lock.json' && file !== path.relative(ROOT, __filename));
  const found = [];
  for (const file of files) {
    const full = path.join(ROOT, file);
    if (!fs.existsSync(full)) continue; // deleted in the working tree
    const text = fs.readFileSync(full, 'utf8');
    if (text.includes('\0')) continue; // binary
    for (const hit of citationsIn(text)) found.push(`${file}:${hit}`);
  }
  // Say the rule itself instead ("the error catalogue's texts are exact", not "spec section 8").
  expect(found).toEqual([]);
});
