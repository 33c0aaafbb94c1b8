// The simulation in a worker thread (lib/module-worker): a large collection takes a few hundred
// milliseconds of arithmetic, during which the request thread goes on answering others.
import path from 'node:path';
import { runInWorker } from '../../lib/module-worker';
import type { simulateWorkload, WorkloadSimulation } from './simulator';

const SIMULATOR = path.join(__dirname, `simulator${path.extname(__filename)}`);

export type SimulateWorkload = (...args: Parameters<typeof simulateWorkload>) => Promise<WorkloadSimulation>;

export const simulateInWorker: SimulateWorkload = (input, retention, days, retentions) =>
  runInWorker<WorkloadSimulation>(SIMULATOR, 'simulateWorkload', [input, retention, days, retentions]);
