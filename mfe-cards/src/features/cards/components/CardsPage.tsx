import { Spinner } from '@flashcard/shared-ui';
import type { Card } from '@flashcard/shared-auth';
import { useCards } from '../hooks/useCards';

const DIFFICULTY_LABELS: Record<number, string> = { 1: 'Easy', 2: 'Medium', 3: 'Hard', 4: 'Very Hard', 5: 'Expert' };

function CardTile({ card }: { card: Card }) {
  return (
    <li className="card stack" style={{ gap: '0.5rem' }}>
      <h2 style={{ fontSize: '1rem', margin: 0 }}>{card.question}</h2>
      <p className="muted" style={{ margin: 0 }}>{card.answer}</p>
      <div className="row">
        <span className="badge">{DIFFICULTY_LABELS[card.difficulty_level] ?? DIFFICULTY_LABELS[1]}</span>
        {card.category_name && <span className="badge">{card.category_name}</span>}
      </div>
    </li>
  );
}

export function CardsPage() {
  const { state, reload } = useCards();

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>My Flashcards</h1>
          <p className="muted">All the cards you have created.</p>
        </div>
      </header>

      {state.status === 'loading' && <Spinner label="Loading cards..." />}

      {state.status === 'failed' && (
        <div className="card empty-state stack">
          <p>Your cards could not be loaded.</p>
          <div>
            <button type="button" className="btn btn-primary" onClick={reload}>
              Try again
            </button>
          </div>
        </div>
      )}

      {state.status === 'ready' && (
        <div className="stack">
          <p className="muted" aria-live="polite">{`Showing ${state.cards.length} card(s)`}</p>
          {state.cards.length === 0 ? (
            <div className="card empty-state">
              <h2>No cards yet</h2>
              <p className="muted">Cards you create will show up here.</p>
            </div>
          ) : (
            <ul className="grid grid-3" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {state.cards.map((card) => (
                <CardTile key={card.id} card={card} />
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
