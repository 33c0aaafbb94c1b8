import { readFileSync } from 'fs';
import { join } from 'path';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Card } from '@flashcard/api-contract';
import { makeCard } from '../../../test/cards';
import { CardTile } from './CardTile';

function renderTile(card: Card) {
  const noop = () => undefined;
  return render(
    <ul>
      <CardTile
        card={card}
        selected={false}
        pending={false}
        waiting={false}
        onEdit={noop}
        onDelete={noop}
        onToggleKnown={noop}
        onToggleSelected={noop}
        onCardAction={noop}
      />
    </ul>,
  );
}

const LONG_ANSWER = [
  'Step one: read the question.',
  'Step two: recall.',
  'Step three: check.',
  'Four',
  'Five',
  'Six',
].join('\n');

describe('CardTile', () => {
  it('says a long answer continues and opens it with Show more / Show less', async () => {
    const user = userEvent.setup();
    renderTile(makeCard(1, { answer: LONG_ANSWER }));

    const answer = screen.getByText(/Step one/).closest('.cards-tile-answer');
    expect(answer).toHaveClass('is-clamped'); // cut after a few lines, the cut line ending in "…"
    const more = screen.getByRole('button', { name: 'Show more: Question 1' });
    expect(more).toHaveTextContent('Show more');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    // It controls the question and the answer it uncovers.
    expect(more.getAttribute('aria-controls')!.split(' ')).toContain(answer!.id);

    await user.click(more);

    expect(answer).not.toHaveClass('is-clamped');
    const less = screen.getByRole('button', { name: 'Show less: Question 1' });
    expect(less).toHaveAttribute('aria-expanded', 'true');
    await user.click(less);
    expect(answer).toHaveClass('is-clamped');
  });

  it('also clamps a long question (one long line counts as many)', () => {
    renderTile(makeCard(2, { question: 'Why '.repeat(40).trim() }));

    expect(screen.getByRole('heading', { level: 3 })).toHaveClass('is-clamped');
    expect(screen.getByRole('button', { name: /^Show more: Why/ })).toBeInTheDocument();
  });

  it('shows a short card whole, with no toggle', () => {
    renderTile(makeCard(3, { answer: 'Short\nanswer' }));

    expect(screen.queryByRole('button', { name: /^Show more/ })).not.toBeInTheDocument();
    expect(screen.getByText(/Short/).closest('.cards-tile-answer')).not.toHaveClass('is-clamped');
  });

  it('keeps the line breaks of a multi-line question and answer in the text it renders', () => {
    renderTile(makeCard(4, { question: 'Line A\nLine B', answer: 'One\nTwo' }));

    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Line A\nLine B');
    // The answer box: its hidden "Answer:" prefix, then the card text (rendered).
    expect(screen.getByText(/One/).closest('.cards-tile-answer')?.textContent).toBe('Answer: One\nTwo');
  });
});

// jsdom applies no stylesheet: the rules that make the above visible are checked in the CSS itself.
describe('cards.css', () => {
  const css = readFileSync(join(__dirname, '..', 'cards.css'), 'utf8');
  /** The declarations of the rule whose selector list is exactly `selector` (whitespace aside). */
  const rule = (selector: string) => {
    const normal = (text: string) =>
      text
        .replace(/\s+/g, ' ')
        .replace(/\s*,\s*/g, ', ')
        .trim();
    const blocks = [...css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{([^}]*)\}/g)];
    return blocks.find((block) => normal(block[1]) === normal(selector))?.[2] ?? '';
  };

  it.each(['.cards-tile-question', '.cards-tile-answer'])('%s keeps line breaks and breaks long words', (selector) => {
    expect(rule(selector)).toMatch(/white-space:\s*pre-wrap/);
    expect(rule(selector)).toMatch(/overflow-wrap:\s*anywhere/);
  });

  it('clamps with an ellipsis instead of a hidden scroll box', () => {
    expect(rule('.cards-tile-question.is-clamped, .cards-tile-answer.is-clamped')).toMatch(/overflow:\s*hidden/);
    expect(rule('.cards-tile-answer.is-clamped')).toMatch(/-webkit-line-clamp:\s*5/);
    expect(rule('.cards-tile-question.is-clamped')).toMatch(/-webkit-line-clamp:\s*3/);
    expect(rule('.cards-tile-answer')).not.toMatch(/overflow:\s*auto/);
  });
});
