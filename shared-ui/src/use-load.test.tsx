import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { useAuthStore } from '@flashcard/shared-auth';
import { KeptNotice } from './KeptNotice';
import { useLoad, type LoadState } from './use-load';

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('useLoad', () => {
  it('is loading, then ready with the answer', async () => {
    const { result } = renderHook(() => useLoad(() => Promise.resolve(42)));
    expect(result.current.state).toEqual({ status: 'loading' });
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 42 }));
  });

  it('fails with the error, for a rejection and for a load that throws at once', async () => {
    const error = new Error('nope');
    const rejected = renderHook(() => useLoad(() => Promise.reject(error)));
    await waitFor(() => expect(rejected.result.current.state).toEqual({ status: 'failed', error, data: undefined }));
    const thrown = renderHook(() =>
      useLoad((): Promise<number> => {
        throw error;
      }),
    );
    await waitFor(() => expect(thrown.result.current.state).toMatchObject({ status: 'failed', error }));
  });

  it('loads again on reload, keeping the previous answer as data meanwhile', async () => {
    const answers = [deferred<string>(), deferred<string>()];
    let calls = 0;
    const { result } = renderHook(() => useLoad(() => answers[calls++].promise));
    await act(async () => answers[0].resolve('first'));
    expect(result.current.state).toEqual({ status: 'ready', data: 'first' });

    act(() => result.current.reload());
    expect(result.current.state).toEqual({ status: 'loading', data: 'first' });
    await act(async () => answers[1].reject(new Error('down')));
    expect(result.current.state).toMatchObject({ status: 'failed', data: 'first' });
    expect(calls).toBe(2);
  });

  it('loads again when a dep changes, and drops the answer to the older request', async () => {
    const pending = new Map<number, ReturnType<typeof deferred<string>>>();
    const load = (page: number) => {
      const answer = deferred<string>();
      pending.set(page, answer);
      return answer.promise;
    };
    const { result, rerender } = renderHook(({ page }) => useLoad(() => load(page), [page]), {
      initialProps: { page: 1 },
    });
    rerender({ page: 2 });
    expect([...pending.keys()]).toEqual([1, 2]);
    // Page 1 answers last: too late, page 2 is what the screen asked for now.
    await act(async () => pending.get(2)!.resolve('page 2'));
    await act(async () => pending.get(1)!.resolve('page 1'));
    expect(result.current.state).toEqual({ status: 'ready', data: 'page 2' });
    // The same deps again load nothing.
    rerender({ page: 2 });
    expect(pending.size).toBe(2);
  });

  it('uses the load of the render that changed the deps', async () => {
    const { result, rerender } = renderHook(({ id }) => useLoad(() => Promise.resolve(`card ${id}`), [id]), {
      initialProps: { id: 1 },
    });
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 'card 1' }));
    rerender({ id: 7 });
    expect(result.current.state).toEqual({ status: 'loading', data: 'card 1' });
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: 'card 7' }));
  });

  it('ignores an answer that arrives after unmount', async () => {
    const answer = deferred<number>();
    const seen: LoadState<number>[] = [];
    const { unmount } = renderHook(() => {
      const { state } = useLoad(() => answer.promise);
      seen.push(state);
    });
    unmount();
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => answer.resolve(1));
    expect(seen.every((state) => state.status === 'loading')).toBe(true);
    expect(error).not.toHaveBeenCalled();
    error.mockRestore();
  });

  it('keeps the same state object while nothing changes (safe as an effect dependency)', async () => {
    const { result, rerender } = renderHook(() => useLoad(() => Promise.resolve('x')));
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    const before = result.current;
    rerender();
    expect(result.current.state).toBe(before.state);
    expect(result.current.reload).toBe(before.reload);
  });
});

describe('useLoad with keep: the last answer offline', () => {
  const offline = Object.assign(new Error('Network Error'), { isAxiosError: true, response: undefined });
  const serverError = Object.assign(new Error('boom'), { isAxiosError: true, response: { status: 500 } });

  beforeEach(() => {
    localStorage.clear();
    useAuthStore.setState({ user: { id: 4 } as never });
  });
  afterEach(() => useAuthStore.setState({ user: null }));

  it('keeps each answer per learner and gives it, with when it was loaded, when the next load gets no answer', async () => {
    const online = renderHook(() => useLoad(() => Promise.resolve({ streak: 3 }), [], { keep: 'dashboard' }));
    await waitFor(() => expect(online.result.current.state).toEqual({ status: 'ready', data: { streak: 3 } }));
    const stored = JSON.parse(localStorage.getItem('flashcard_kept:4:dashboard')!);
    expect(stored.data).toEqual({ streak: 3 });

    const later = renderHook(() => useLoad(() => Promise.reject(offline), [], { keep: 'dashboard' }));
    await waitFor(() =>
      expect(later.result.current.state).toEqual({ status: 'ready', data: { streak: 3 }, keptAt: stored.savedAt }),
    );

    // The server's own failure is not hidden behind old data; another learner has nothing kept.
    const failed = renderHook(() => useLoad(() => Promise.reject(serverError), [], { keep: 'dashboard' }));
    await waitFor(() => expect(failed.result.current.state).toMatchObject({ status: 'failed', error: serverError }));
    useAuthStore.setState({ user: { id: 5 } as never });
    const other = renderHook(() => useLoad(() => Promise.reject(offline), [], { keep: 'dashboard' }));
    await waitFor(() => expect(other.result.current.state).toMatchObject({ status: 'failed', error: offline }));
  });

  it('says so on the screen, with the time', () => {
    const { container, rerender } = render(<KeptNotice keptAt={undefined} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<KeptNotice keptAt={Date.UTC(2026, 10, 27, 10, 42)} />);
    expect(screen.getByRole('status')).toHaveTextContent(/^Offline — showing what was loaded at \d{1,2}:42/);
  });
});
