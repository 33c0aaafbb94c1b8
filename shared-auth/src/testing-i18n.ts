// Test helper (not part of the runtime kernel): what is wrong with an app's translations,
// compared with its English catalogue. Every app's i18n test runs it, so a missing, stale or
// empty text, or a placeholder or tag a translation lost, fails the same way everywhere.
import type { Messages } from './i18n';

/** Every leaf of a catalogue as 'a.b.c' -> text. */
function leaves(messages: Messages, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else leaves(value, path, out);
  }
  return out;
}

/** The placeholders of a text with their format ('count, number'), sorted. */
const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*([^}]*?)\s*}}/g)]
    .map((m) => m[1])
    .sort()
    .join(' | ');
/** Its markup (<kbd>, <1>...), in order. */
const tags = (text: string) => [...text.matchAll(/<\/?\w+\s*\/?>/g)].map((m) => m[0]).join('');

/**
 * German says "du" to the learner everywhere: formal "Ihr/Ihnen" anywhere, or "Sie" inside a
 * sentence ("Wussten Sie es?"), is a lapse. "Sie" opening a sentence is "it/they" (a card).
 */
const FORMAL_GERMAN = /\b(Ihr|Ihre|Ihrem|Ihren|Ihrer|Ihres|Ihnen)\b|[\p{L},]\s+Sie\b/u;

/** Languages with a CLDR "many" plural: a `_many` form may stand beside each `_other`. */
const WITH_MANY = new Set(['es', 'fr', 'it']);

/**
 * The problems of each translation against English, as readable lines (empty when all is
 * well): `expect(catalogueProblems(en, { es, fr, de, it })).toEqual([])`.
 */
export function catalogueProblems(english: object, translations: Record<string, object>): string[] {
  const source = leaves(english as Messages);
  const problems: string[] = [];
  for (const [language, messages] of Object.entries(translations)) {
    const translated = leaves(messages as Messages);
    for (const key of source.keys()) if (!translated.has(key)) problems.push(`${language}: missing ${key}`);
    for (const [key, text] of translated) {
      const many = key.endsWith('_many');
      const original = source.get(key) ?? (many ? source.get(key.replace(/_many$/, '_other')) : undefined);
      if (original === undefined || (many && !source.has(key) && !WITH_MANY.has(language))) {
        problems.push(`${language}: ${key} is not in English`);
        continue;
      }
      if (text.trim() === '') problems.push(`${language}: ${key} is empty`);
      // A singular may say "a day" instead of "1 day": its count may go, nothing else.
      const compare = key.endsWith('_one')
        ? (t: string) =>
            placeholders(t)
              .split(' | ')
              .filter((p) => !p.startsWith('count'))
              .join(' | ')
        : placeholders;
      if (compare(text) !== compare(original))
        problems.push(
          `${language}: ${key} has placeholders [${placeholders(text)}], English [${placeholders(original)}]`,
        );
      if (tags(text) !== tags(original))
        problems.push(`${language}: ${key} has markup ${tags(text) || 'none'}, English ${tags(original) || 'none'}`);
      if (language === 'de' && FORMAL_GERMAN.test(text))
        problems.push(`de: ${key} says "Sie"; the German catalogue says "du"`);
    }
  }
  return problems;
}
