// Typed cards: Anki's comparison of the typed answer with the card's, and the session's flow
// around the answer field (its keys are typing, Enter reveals, then the rating keys work).
import { render, screen, within } from '@testing-library/react';
import { mockStudyApi, renderStudyAt, reviewQueue, spyToasts, studyCard } from '../../../test/study';
import userEvent from '@testing-library/user-event';
import { compareTyped } from '../type-answer';
import { TypedAnswerDiff } from './TypedAnswer';

beforeEach(() => spyToasts());
afterEach(() => jest.restoreAllMocks());

describe('compareTyped', () => {
  it('marks the typed characters correct or wrong and the answer characters not typed as missing', () => {
    expect(compareTyped('Pari', 'Paris')).toEqual({
      typed: [
        { kind: 'good', text: 'Pari' },
        { kind: 'missing', text: 's' },
      ],
      expected: [
        { kind: 'good', text: 'Pari' },
        { kind: 'missing', text: 's' },
      ],
      correct: false,
    });
    expect(compareTyped('Parys', 'Paris')).toEqual({
      typed: [
        { kind: 'good', text: 'Par' },
        { kind: 'bad', text: 'y' },
        { kind: 'missing', text: 'i' },
        { kind: 'good', text: 's' },
      ],
      expected: [
        { kind: 'good', text: 'Par' },
        { kind: 'missing', text: 'i' },
        { kind: 'good', text: 's' },
      ],
      correct: false,
    });
  });

  it('trims both sides and keeps case, as Anki does', () => {
    expect(compareTyped('  Paris ', 'Paris\n').correct).toBe(true);
    const lower = compareTyped('paris', 'Paris');
    expect(lower.correct).toBe(false);
    expect(lower.typed[0]).toEqual({ kind: 'bad', text: 'p' });
  });
});

describe('TypedAnswerDiff', () => {
  it('shows the typed line, an arrow and the correct line, wrong struck through and missing named', () => {
    const { container } = render(<TypedAnswerDiff typed="Parys" expected="Paris" />);
    const [mine, right] = [...container.querySelectorAll('code')];
    expect(mine).toHaveTextContent('Parwrong ymissing i-s');
    // What a sighted learner sees: the dash stands for the missing character.
    expect(mine!.querySelector('del')).toHaveTextContent('wrong y');
    expect(mine!.querySelector('ins [aria-hidden="true"]')).toHaveTextContent('-');
    expect(right!.querySelector('ins')).toHaveTextContent('missing i');
    expect(screen.getByText('↓')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('You typed:', { exact: false })).toHaveClass('visually-hidden');
    expect(screen.getByText('Correct answer:', { exact: false })).toHaveClass('visually-hidden');
  });

  it('shows one line marked correct for an exact answer, and only the answer when nothing was typed', () => {
    const { container, rerender } = render(<TypedAnswerDiff typed="Paris" expected="Paris" />);
    expect(container.querySelectorAll('code')).toHaveLength(1);
    expect(container.querySelector('del, ins')).toBeNull();
    expect(screen.getByText('Correct')).toBeInTheDocument();

    rerender(<TypedAnswerDiff typed="  " expected="Paris" />);
    expect(container.querySelectorAll('code')).toHaveLength(1);
    expect(container.querySelector('code')).toHaveTextContent(/^Paris$/);
    expect(screen.queryByText('Correct')).toBeNull();
  });
});

describe('a typed card in a review session', () => {
  it('takes the session keys as typing, reveals the comparison with Enter, then rates with a digit', async () => {
    const card = studyCard(1, { kind: 'typed', question: 'Capital of France?', answer: '**Paris**' });
    const api = mockStudyApi(reviewQueue({ due: [card] }));
    const user = userEvent.setup();
    renderStudyAt('/study/review');
    const field = await screen.findByRole('textbox', { name: 'Type the answer' });
    // The cursor is in the field, as in Anki.
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription('Enter shows the answer and compares it with yours.');

    // Digits, Space, R and E are typing here: nothing is rated, revealed or opened.
    await user.keyboard('1 re3');
    expect(field).toHaveValue('1 re3');
    expect(api.review).not.toHaveBeenCalled();
    expect(screen.queryByRole('group', { name: 'Rate your answer' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.clear(field);
    await user.type(field, 'Parys{Enter}');
    const answer = screen.getByRole('region', { name: 'Answer' });
    expect(answer).toHaveFocus();
    expect(within(answer).getByText('y').closest('del')).toHaveClass('type-bad');
    // The plain answer is compared; the Markdown answer shows too since it has more than its words.
    expect(within(answer).getByRole('strong')).toHaveTextContent('Paris');
    expect(screen.queryByRole('textbox', { name: 'Type the answer' })).toBeNull();

    await user.keyboard('3');
    expect(api.review).toHaveBeenCalledTimes(1);
    expect(api.review.mock.calls[0]![0]).toMatchObject({ cardId: 1, result: 2 });
  });
});
