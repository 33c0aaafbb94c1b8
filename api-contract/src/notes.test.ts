import { cardAnswer, cardFaces, isNoteKind, NOTE_KINDS, noteOrds, typedAnswer } from './notes';

describe('typed notes', () => {
  const card = { kind: 'typed' as const, ord: 0, question: 'Capital of *France*?', answer: ' **Paris** <br>' };

  it('are a note kind of one card, question on the front and answer on the back', () => {
    expect(NOTE_KINDS).toContain('typed');
    expect(isNoteKind('typed')).toBe(true);
    expect(noteOrds('typed', card.question)).toEqual([0]);
    expect(cardFaces(card)).toEqual({ front: card.question, back: card.answer });
    expect(cardAnswer(card)).toBe(card.answer);
  });

  it("compare the typing with the answer's words without markup, trimmed, case kept", () => {
    expect(typedAnswer(card)).toBe('Paris');
    expect(typedAnswer({ kind: 'typed', answer: 'the Eiffel <i>Tower</i>' })).toBe('the Eiffel Tower');
    expect(typedAnswer({ kind: 'basic', answer: 'Paris' })).toBeNull();
    expect(typedAnswer({ kind: 'cloze', answer: 'Paris' })).toBeNull();
  });
});
