import { fireEvent, render, screen } from '@testing-library/react';
import { Modal } from './Modal';

test('Escape closes the dialog even when focus has left it', () => {
  const onClose = jest.fn();
  render(
    <Modal title="Manage sets" onClose={onClose}>
      <button type="button">Inside</button>
    </Modal>,
  );
  expect(screen.getByRole('dialog', { name: 'Manage sets' })).toBeInTheDocument();
  (document.activeElement as HTMLElement | null)?.blur();
  expect(document.activeElement).toBe(document.body);
  fireEvent.keyDown(document.body, { key: 'Escape' });
  expect(onClose).toHaveBeenCalledTimes(1);
});

test('Escape does nothing while the dialog is busy', () => {
  const onClose = jest.fn();
  render(
    <Modal title="Import cards" onClose={onClose} busy>
      <button type="button">Inside</button>
    </Modal>,
  );
  fireEvent.keyDown(document.body, { key: 'Escape' });
  expect(onClose).not.toHaveBeenCalled();
});
