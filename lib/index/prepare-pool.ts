/**
 * prepareDocument (secret scan, parse, quality) on a second thread when it can run there: a cold index
 * spends a third of its main-thread time parsing while the machine's other core mostly waits, and the
 * main thread meanwhile walks, reads, writes SQLite and talks to git.
 *
 * The worker runs this very module: a thread started on it with `workerData.cairnPrepareWorker` serves
 * prepare requests (see the bottom of the file). Only full index runs use it (withPrepareWorker). That is possible only where this module is compiled
 * JavaScript in a shared chunk of the command line's bundle (dist/cli/chunk-*.js, whose evaluation
 * has no side effects); from TypeScript sources (tsx, vitest), from Next's bundles, or with
 * `CAIRN_PARSE_WORKER=0`, documents are prepared in this thread as before. Either way the result is
 * the same function's; a document whose preparation fails in the worker, or a worker that fails, is
 * prepared here again, so errors are the ones the in-process path raises.
 */
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { prepareDocument, type PrepareInput, type PreparedDocument } from "./prepare";

/** The worker stops after this long without work (its memory is returned; the next index starts another). */
const IDLE_STOP_MS = 4_000;

interface Reply {
  id: number;
  doc?: PreparedDocument;
  failed?: boolean;
}

interface Pending {
  input: PrepareInput;
  resolve: (doc: PreparedDocument) => void;
  reject: (error: unknown) => void;
}

/** Where this module runs from, when a worker may run it too (see the header); null otherwise. */
function workerEntry(): URL | null {
  if (process.env.CAIRN_PARSE_WORKER === "0") return null;
  const url = import.meta.url;
  return typeof url === "string" && /\/dist\/cli\/chunk-[^/]+\.js$/.test(url) ? new URL(url) : null;
}

class PreparePool {
  private worker: Worker | null = null;
  private broken = false;
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();
  private idleTimer: NodeJS.Timeout | null = null;

  constructor(private readonly entry: URL | null) {}

  prepare(input: PrepareInput): Promise<PreparedDocument> {
    const worker = this.ensureWorker();
    if (!worker) return prepareDocument(input);
    return new Promise<PreparedDocument>((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(id, { input, resolve, reject });
      if (this.idleTimer) clearTimeout(this.idleTimer);
      this.idleTimer = null;
      // outstanding work keeps the process alive; an idle worker never does
      worker.ref();
      try {
        worker.postMessage({ id, input });
      } catch {
        this.pending.delete(id);
        prepareDocument(input).then(resolve, reject);
      }
    });
  }

  private ensureWorker(): Worker | null {
    if (this.worker || this.broken || !this.entry) return this.worker;
    try {
      const worker = new Worker(this.entry, { workerData: { cairnPrepareWorker: true } });
      worker.on("message", (reply: Reply) => this.settle(reply));
      worker.on("error", () => this.fail(worker));
      worker.on("exit", () => this.fail(worker));
      worker.unref();
      this.worker = worker;
    } catch {
      this.broken = true;
    }
    return this.worker;
  }

  private settle(reply: Reply): void {
    const job = this.pending.get(reply.id);
    if (!job) return;
    this.pending.delete(reply.id);
    // a failure is reproduced here, so that the caller sees the in-process error itself
    if (reply.failed || !reply.doc) prepareDocument(job.input).then(job.resolve, job.reject);
    else {
      offThread += 1;
      job.resolve(reply.doc);
    }
    if (this.pending.size === 0) this.becomeIdle();
  }

  private becomeIdle(): void {
    const worker = this.worker;
    if (!worker) return;
    worker.unref();
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.worker === worker && this.pending.size === 0) {
        this.worker = null;
        void worker.terminate();
      }
    }, IDLE_STOP_MS);
    this.idleTimer.unref();
  }

  /** The worker failed (or stopped): what it still had is prepared here, and so is everything after. */
  private fail(worker: Worker): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.broken = true;
    const orphans = [...this.pending.values()];
    this.pending.clear();
    for (const job of orphans) prepareDocument(job.input).then(job.resolve, job.reject);
  }
}

let pool: PreparePool | null = null;
let offThread = 0;

/** How many documents the worker thread has prepared in this process. */
export function offThreadCount(): number {
  return offThread;
}

let fullRuns = 0;

/**
 * Run `work` (a full index run) with the worker thread available. Outside such a run (the watcher
 * re-indexing one repository, a single file) documents are prepared in this thread: a few documents
 * are not worth a thread's start.
 */
export async function withPrepareWorker<T>(work: () => Promise<T>): Promise<T> {
  fullRuns += 1;
  try {
    return await work();
  } finally {
    fullRuns -= 1;
  }
}

/** prepareDocument, on the worker thread during a full run when there can be one (same input, same result). */
export function prepareDocumentOffThread(input: PrepareInput): Promise<PreparedDocument> {
  if (fullRuns === 0) return prepareDocument(input);
  pool ??= new PreparePool(workerEntry());
  return pool.prepare(input);
}

// The worker's side: prepare what the main thread sends, one document at a time.
if (!isMainThread && parentPort && (workerData as { cairnPrepareWorker?: unknown } | null)?.cairnPrepareWorker === true) {
  const port = parentPort;
  port.on("message", ({ id, input }: { id: number; input: PrepareInput }) => {
    prepareDocument(input).then(
      (doc) => {
        try {
          port.postMessage({ id, doc } satisfies Reply);
        } catch {
          port.postMessage({ id, failed: true } satisfies Reply);
        }
      },
      () => port.postMessage({ id, failed: true } satisfies Reply),
    );
  });
}
