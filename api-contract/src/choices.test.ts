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
