import { render, screen } from '@testing-library/react';
import { platformApi } from '@flashcard/api-contract';
import { useAuthStore } from '@flashcard/shared-auth';
import type { AreaModule } from './areas';
import * as health from './health';
import { loadRemoteModule } from './platform';
import { RemoteArea } from './RemoteArea';

jest.mock('./platform', () => ({ loadRemoteModule: jest.fn(), resetRemote: jest.fn() }));

test("web-vitals is asked for only once the area's code has arrived and rendered, never beside its first load", async () => {
  jest.spyOn(platformApi, 'report').mockResolvedValue(undefined);
  const start = jest.spyOn(health, 'startVitals').mockImplementation(() => undefined);
  let arrive: (module: AreaModule) => void = () => undefined;
  (loadRemoteModule as unknown as jest.Mock).mockReturnValue(new Promise((resolve) => (arrive = resolve)));
  useAuthStore.setState({ isAuthenticated: true, isLoading: false });

  render(<RemoteArea remote="mfe_cards" version="1" />);
  expect(screen.getByText('Loading section...')).toBeInTheDocument();
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(start).not.toHaveBeenCalled();

  arrive({ default: () => <h1>Cards area</h1> });
  await screen.findByRole('heading', { name: 'Cards area' });
  expect(start).toHaveBeenCalledTimes(1);
});
