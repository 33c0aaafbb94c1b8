// The worker thread of http-loop.ts: runs the loops, times every request, posts one report.
// Each loop owns one kept-alive socket and speaks just enough HTTP/1.1 over it, as autocannon
// does: node:http's client costs several times more per request and would be what is measured.
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';
import type { LoopOptions, LoopRequest, RequestFactory, WorkerReport } from './http-loop';

interface Input {
  origin: string | string[];
  connections: number;
  durationMs: number;
  requests: LoopOptions<unknown>['requests'];
  thinkMs?: [number, number];
}

const input = workerData as Input;
// Loop n talks to origin n mod count: one instance, or several behind no balancer but this.
const origins = (Array.isArray(input.origin) ? input.origin : [input.origin]).map((origin) => new URL(origin));

function requestFactory(requests: Input['requests']): (connection: number, sequence: number) => LoopRequest {
  if (!('factory' in requests)) return () => requests;
  // A CommonJS require (tsx's hooks are registered for require in this thread); tsx may wrap
  // a default export once more.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- see above: import() would bypass tsx here
  const loaded = require(requests.factory) as {
    default: RequestFactory<unknown> | { default: RequestFactory<unknown> };
  };
  const build = typeof loaded.default === 'function' ? loaded.default : loaded.default.default;
  return (connection, sequence) => build(connection, sequence, requests.data);
}
const nextRequest = requestFactory(input.requests);

function serialize(request: LoopRequest, origin: URL): string {
  const body = request.body === undefined ? '' : JSON.stringify(request.body);
  const headers: Record<string, string | number> = { host: origin.host, ...request.headers };
  if (request.body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = Buffer.byteLength(body);
  }
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return `${request.method} ${request.path} HTTP/1.1\r\n${lines.join('')}\r\n${body}`;
}

/** One socket, one request at a time; reconnects if the server closed it. */
class Connection {
  constructor(readonly origin: URL) {}

  private socket?: net.Socket;
  private buffer: Buffer = Buffer.alloc(0);
  private pending?: { resolve: (status: number) => void; reject: (error: Error) => void };

  /** Opens the socket ahead of the first request, so that connecting is not timed. */
  open(): Promise<void> {
    this.socket = this.connect();
    return new Promise((resolve, reject) => {
      this.socket!.once('connect', resolve);
      this.socket!.once('error', reject);
    });
  }

  send(raw: string): Promise<number> {
    if (!this.socket || this.socket.destroyed) this.socket = this.connect();
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.socket!.write(raw);
    });
  }

  close(): void {
    this.socket?.destroy();
  }

  private connect(): net.Socket {
    this.buffer = Buffer.alloc(0);
    const socket = net.connect({ host: this.origin.hostname, port: Number(this.origin.port) });
    socket.setNoDelay(true);
    socket.on('data', (chunk) => this.onData(chunk));
    socket.on('error', (error) => this.settle(error));
    socket.on('close', () => this.settle(new Error('connection closed')));
    return socket;
  }

  private settle(result: number | Error): void {
    const pending = this.pending;
    this.pending = undefined;
    if (!pending) return;
    if (typeof result === 'number') pending.resolve(result);
    else {
      this.socket?.destroy();
      pending.reject(result);
    }
  }

  private onData(chunk: Buffer): void {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    const headEnd = this.buffer.indexOf('\r\n\r\n');
    if (headEnd < 0) return;
    const head = this.buffer.toString('latin1', 0, headEnd);
    // Fastify sends every JSON answer with a length; nothing here needs chunked bodies.
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!length) return this.settle(new Error(`answer without content-length: ${head.split('\r\n')[0]}`));
    const end = headEnd + 4 + Number(length[1]);
    if (this.buffer.length < end) return;
    this.buffer = this.buffer.subarray(end);
    this.settle(Number(head.slice(9, 12)));
  }
}

async function main(): Promise<void> {
  const latenciesMs: number[] = [];
  const acknowledged: string[] = [];
  const statuses: Record<string, number> = {};
  const count = (status: string) => (statuses[status] = (statuses[status] ?? 0) + 1);
  const connections = Array.from({ length: input.connections }, (_, n) => new Connection(origins[n % origins.length]!));
  await Promise.all(connections.map((connection) => connection.open()));

  const started = performance.now();
  const deadline = started + input.durationMs;
  const loop = async (connection: number) => {
    // Paced loops start spread over one pause, as a class in full swing is: all sending their
    // first request in the same millisecond would time a queue no steady load ever builds.
    if (input.thinkMs) await sleep(Math.random() * input.thinkMs[1]);
    for (let sequence = 0; performance.now() < deadline; sequence++) {
      const request = nextRequest(connection, sequence);
      const raw = serialize(request, connections[connection]!.origin);
      const sent = performance.now();
      try {
        const status = await connections[connection]!.send(raw);
        latenciesMs.push(performance.now() - sent);
        count(String(status));
        if (status >= 200 && status < 300 && request.id !== undefined) acknowledged.push(request.id);
      } catch {
        count('error');
      }
      if (input.thinkMs) {
        const [min, max] = input.thinkMs;
        await sleep(min + Math.random() * (max - min));
      }
    }
  };
  // Every loop stops sending at the deadline and waits for its answer in flight.
  await Promise.all(connections.map((_, connection) => loop(connection)));
  const report: WorkerReport = { latenciesMs, acknowledged, statuses, elapsedMs: performance.now() - started };
  for (const connection of connections) connection.close();
  parentPort!.postMessage(report);
}

// A failure rejects: the worker exits with an error event, which runLoop passes on.
void main();
