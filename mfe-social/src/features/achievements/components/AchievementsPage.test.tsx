import { render, screen, within } from '@testing-library/react';
import Achievements from '../../../Achievements';

describe('Achievements screen', () => {
  it('shows every sample badge with its progress', () => {
    render(<Achievements />);

    expect(screen.getByRole('heading', { level: 1, name: 'Achievements' })).toBeInTheDocument();
    expect(screen.getByText('3 of 6 unlocked')).toBeInTheDocument();
    expect(screen.getAllByRole('progressbar')).toHaveLength(6);

    const century = screen.getByRole('listitem', { name: 'Century' });
    expect(within(century).getByText('Locked')).toBeInTheDocument();
    expect(within(century).getByText('64 / 100')).toBeInTheDocument();
    expect(within(century).getByRole('progressbar', { name: 'Century progress' })).toHaveAttribute('aria-valuenow', '64');

    const firstSteps = screen.getByRole('listitem', { name: 'First Steps' });
    expect(within(firstSteps).getByText('Unlocked')).toBeInTheDocument();
  });
});
