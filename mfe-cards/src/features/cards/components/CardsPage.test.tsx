import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-hot-toast';
import { cardsApi, type Card } from '@flashcard/shared-auth';
import CardsApp from '../../../App';

function card(id: number, question: string, answer: string): Card {
  return {
    id,
    question,
    answer,
    difficulty_level: 2,
    tags: null,
    college: null,
    class_name: null,
    category_id: null,
    category_name: null,
    category: null,
  };
}

let toastError: jest.SpyInstance;

beforeEach(() => {
  toastError = jest.spyOn(toast, 'error').mockImplementation(() => 'toast-id');
});

afterEach(() => jest.restoreAllMocks());

describe('Cards screen', () => {
  it('shows the title, the count line and every card', async () => {
    jest.spyOn(cardsApi, 'list').mockResolvedValue([
      card(1, 'What is 2 + 2?', '4'),
      card(2, 'Capital of France?', 'Paris'),
      card(3, 'H2O is?', 'Water'),
    ]);

    render(<CardsApp />);

    expect(screen.getByRole('heading', { level: 1, name: 'My Flashcards' })).toBeInTheDocument();
    expect(await screen.findByText('Showing 3 card(s)')).toBeInTheDocument();
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[1]).toHaveTextContent('Capital of France?');
    expect(items[1]).toHaveTextContent('Paris');
    expect(items[1]).toHaveTextContent('Medium');
    expect(screen.queryByText('No cards yet')).not.toBeInTheDocument();
    expect(toastError).not.toHaveBeenCalled();
  });

  it("shows 'No cards yet' when there are none", async () => {
    jest.spyOn(cardsApi, 'list').mockResolvedValue([]);

    render(<CardsApp />);

    expect(await screen.findByText('No cards yet')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 card(s)')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it("toasts 'Failed to load cards' on failure and loads again on retry", async () => {
    const list = jest
      .spyOn(cardsApi, 'list')
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValueOnce([card(1, 'Q', 'A')]);

    render(<CardsApp />);

    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(toastError).toHaveBeenCalledWith('Failed to load cards');
    expect(screen.queryByText('No cards yet')).not.toBeInTheDocument();

    await userEvent.setup().click(retry);

    expect(await screen.findByText('Showing 1 card(s)')).toBeInTheDocument();
    expect(list).toHaveBeenCalledTimes(2);
  });
});
