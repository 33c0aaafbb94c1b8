// How many package imports run at once: one per learner, and at most `concurrentImports` in this
// instance (each may hold its caps' worth of unpacked bytes, its notes and its replayed history).
// Admission happens before the upload is read, so a refused request costs no 50 MB body. The
// counts are this process's: behind a load balancer each instance bounds its own memory, and a
// learner's two imports can only run together on two instances.
import { HttpError } from '../../lib/http-error';

/** About how long a large import takes (the apkg bench: ~10 s for 10,000 notes), with room. */
export const RETRY_AFTER_SECONDS = 30;

export const GATE_MESSAGES = {
  learnerBusy: 'One of your Anki packages is already being imported. Please wait for it to finish.',
  instanceBusy: 'Too many Anki packages are being imported right now. Please try again in a minute.',
} as const;

/** A 429 whose Retry-After the route sends. */
export class ImportBusyError extends HttpError {
  readonly retryAfterSeconds = RETRY_AFTER_SECONDS;

  constructor(message: string) {
    super(429, message);
  }
}

export class ImportGate {
  private readonly learners = new Set<number>();

  constructor(private readonly concurrentImports: number) {}

  /** Takes a slot for the learner's import, or throws ImportBusyError; call the answer once done. */
  admit(userId: number): () => void {
    if (this.learners.has(userId)) throw new ImportBusyError(GATE_MESSAGES.learnerBusy);
    if (this.learners.size >= this.concurrentImports) throw new ImportBusyError(GATE_MESSAGES.instanceBusy);
    this.learners.add(userId);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.learners.delete(userId);
    };
  }

  /** Imports running now. */
  get running(): number {
    return this.learners.size;
  }
}
