import { choiceQuestions } from './choices';

const card = (id: number, answer: string, question = `Q${id}`) => ({
  id,
  kind: 'basic' as const,
  ord: 0,
  question,
  answer,
});

test("each card's answer is among its choices once, with others of the pool, one per wording", () => {
  const cards = [card(1, 'Paris'), card(2, 'Rome')];
  const pool = [...cards, card(3, 'paris'), card(4, 'Berlin'), card(5, 'Madrid'), card(6, '**Oslo**')];
  const questions = choiceQuestions(cards, pool, 4)!;
  expect(questions.map((q) => q.card.id)).toEqual([1, 2]);
  for (const { card: asked, choices, correct } of questions) {
    expect(choices).toHaveLength(4);
    expect(choices[correct]).toBe(asked.answer);
    // 'paris' reads as 'Paris': never both.
    expect(new Set(choices.map((choice) => choice.toLowerCase())).size).toBe(4);
  }
});

test('no questions from a pool with fewer than two wordings', () => {
  expect(choiceQuestions([card(1, 'Paris')], [card(1, 'Paris'), card(2, 'PARIS')], 4)).toBeNull();
});

test('as many choices as the pool has when it has fewer', () => {
  const [question] = choiceQuestions([card(1, 'A')], [card(1, 'A'), card(2, 'B')], 4)!;
  expect([...question!.choices].sort()).toEqual(['A', 'B']);
});

test('draws wrong answers from the same set first, then from cards sharing a tag, then from others', () => {
  const inSet = (id: number, answer: string, category_id: number | null, tags: string | null = null) => ({
    ...card(id, answer),
    category_id,
    tags,
  });
  const asked = inSet(1, 'Paris', 7, 'geo, europe');
  const pool = [
    asked,
    inSet(2, 'Rome', 7),
    inSet(3, 'Madrid', 7),
    inSet(4, 'Lisbon', null, 'Europe'),
    inSet(5, 'to run', 9, 'verbs'),
    inSet(6, 'to walk', 9, 'verbs'),
    inSet(7, 'Vienna', 8, 'geo'),
    inSet(8, 'to eat', null),
  ];
  // Whatever the random order, the same preference.
  for (const seed of [0, 0.3, 0.7, 0.99]) {
    const random = () => seed;
    const [three] = choiceQuestions([asked], pool, 3, random)!;
    expect([...three!.choices].sort()).toEqual(['Madrid', 'Paris', 'Rome']);
    const [five] = choiceQuestions([asked], pool, 5, random)!;
    expect([...five!.choices].sort()).toEqual(['Lisbon', 'Madrid', 'Paris', 'Rome', 'Vienna']);
    const [six] = choiceQuestions([asked], pool, 6, random)!;
    expect(six!.choices.filter((choice) => choice.startsWith('to '))).toHaveLength(1);
  }
});

test('is the same for the same random numbers', () => {
  const pool = [card(1, 'A'), card(2, 'B'), card(3, 'C'), card(4, 'D'), card(5, 'E')];
  const sequence = () => {
    let n = 0;
    return () => (n = (n * 37 + 11) % 100) / 100;
  };
  expect(choiceQuestions(pool, pool, 3, sequence())).toEqual(choiceQuestions(pool, pool, 3, sequence()));
});
