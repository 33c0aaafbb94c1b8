import { catalogueProblems } from './testing-i18n';

const en = {
  title: 'Cards',
  count_one: '{{count}} card',
  count_other: '{{count}} cards',
  help: 'Press <kbd>Space</kbd>',
  nested: { a: 'A' },
};

it('finds nothing wrong with a complete translation (and a `_many` form where the language has one)', () => {
  const fr = {
    title: 'Cartes',
    count_one: '{{count}} carte',
    count_many: '{{count}} cartes',
    count_other: '{{count}} cartes',
    help: 'Appuyez sur <kbd>Espace</kbd>',
    nested: { a: 'A' },
  };
  expect(catalogueProblems(en, { fr })).toEqual([]);
});

it('names each problem', () => {
  const de = {
    title: ' ',
    count_one: '{{n}} Karte',
    count_many: 'x {{count}}',
    count_other: '{{count}} Karten',
    help: 'Drücke Leertaste',
    extra: 'x',
    nested: {},
  };
  expect(catalogueProblems(en, { de })).toEqual([
    'de: missing nested.a',
    'de: title is empty',
    'de: count_one has placeholders [n], English [count]',
    'de: count_many is not in English',
    'de: help has markup none, English <kbd></kbd>',
    'de: extra is not in English',
  ]);
});

it('lets a singular drop its count ("a day"), nothing else', () => {
  const source = {
    days_one: 'the last {{count}} day in {{place}}',
    days_other: 'the last {{count}} days in {{place}}',
  };
  expect(
    catalogueProblems(source, {
      de: { days_one: 'der letzte Tag in {{place}}', days_other: 'die letzten {{count}} Tage in {{place}}' },
    }),
  ).toEqual([]);
  expect(
    catalogueProblems(source, {
      de: { days_one: 'der letzte Tag', days_other: 'die letzten {{count}} Tage in {{place}}' },
    }),
  ).toEqual(['de: days_one has placeholders [], English [count | place]']);
});

it('holds German to "du", while a sentence may still open with "Sie" (the card, they)', () => {
  const source = { a: 'A', b: 'B', c: 'C', d: 'D' };
  const de = {
    a: 'Wussten Sie es?',
    b: 'Ihr Plan ändert sich nicht.',
    c: 'Karte ausgesetzt: Sie bleibt deinen Sitzungen fern.',
    d: 'Pauke, Sie sehen',
  };
  expect(catalogueProblems(source, { de })).toEqual([
    'de: a says "Sie"; the German catalogue says "du"',
    'de: b says "Sie"; the German catalogue says "du"',
    'de: d says "Sie"; the German catalogue says "du"',
  ]);
  expect(catalogueProblems(source, { fr: de })).toEqual([]);
});
