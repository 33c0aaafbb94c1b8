// Graceful shutdown (server.ts closes the app on SIGTERM/SIGINT): a request already being
// answered finishes with its answer; new connections are refused; the database closes last.
import { describeEachDb } from './test/harness';

describeEachDb('graceful shutdown', (ctx) => {
  it('finishes the requests in flight, then refuses new ones', async () => {
    let release: () => void = () => {};
    let started: () => void = () => {};
    const inFlight = new Promise<void>((resolve) => (started = resolve));
    const app = await ctx.buildApp({}, {}, (app) => {
      app.get('/api/test/slow', async () => {
        started();
        await new Promise<void>((resolve) => (release = resolve));
        return { done: true };
      });
    });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });

    const answer = fetch(`${base}/api/test/slow`).then(async (response) => ({
      status: response.status,
      connection: response.headers.get('connection'),
      body: await response.json(),
    }));
    await inFlight;
    const closed = app.close();
    // Closing waits for the answer being written, so let it finish while the close is pending.
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    // Answered in full, and its kept-alive socket ends with it (else the close waits 72 s for it).
    expect(await answer).toEqual({ status: 200, connection: 'close', body: { done: true } });
    await closed;
    await expect(fetch(`${base}/api/health/live`)).rejects.toThrow();
  });
});
