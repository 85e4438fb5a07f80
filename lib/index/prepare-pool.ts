/**
 * prepareDocument (secret scan, parse, quality) on a second thread when it can run there: a cold index
 * spends a third of its main-thread time parsing while the machine's other core mostly waits, and the
 * main thread meanwhile walks, reads, writes SQLite and talks to git.
 *
 * The worker runs this very module: a thread started on it with `workerData.cairnPrepareWorker` serves
 * prepare requests (see the bottom of the file). Only full index runs use it (withPrepareWorker). That is possible only where this module is compiled
 * JavaScript in a shared chunk of the command line's bundle (dist/cli/chunk-*.js, whose evaluation has no side
 * effects; `cairn index` starts the worker first thing, see prepare-worker-start.ts); from TypeScript sources (tsx, vitest), from Next's bundles, or with
 * `CAIRN_PARSE_WORKER=0`, documents are prepared in this thread as before. Either way the result is
 * the same function's; a document whose preparation fails in the worker, or a worker that fails, is
 * prepared here again, so errors are the ones the in-process path raises.
 *
 * The worker prepares one document at a time, and each has a time budget there (PARSE_BUDGET_MS; for tests
 * `CAIRN_PARSE_BUDGET_MS` sets another): past it the worker is terminated and replaced, the document gets the
 * problem "parsing took longer than N s: skipped" (it is not indexed) and the documents after it go to the new
 * worker. In this thread a document cannot be stopped: there the parsers' own limits (lib/parse/limits.ts) are
 * the only bound. `CAIRN_TEST_PARSE_STALL=<path end>` makes the worker hang on such a document (for tests only).
 */
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { prepareDocument, type PrepareInput, type PreparedDocument } from "./prepare";
import { takeStartedWorker } from "./started-worker";

/** The worker stops after this long without work (its memory is returned; the next index starts another). */
const IDLE_STOP_MS = 4_000;

/** How long the worker may spend on one document (real ones take well under a second). */
export const PARSE_BUDGET_MS = 10_000;

function budgetMs(): number {
  const set = Number(process.env.CAIRN_PARSE_BUDGET_MS);
  return Number.isFinite(set) && set > 0 ? set : PARSE_BUDGET_MS;
}

interface Reply {
  id: number;
  doc?: PreparedDocument;
  failed?: boolean;
  /**
   * Texts left out of `doc` because the main thread has them already (a copy costs both threads time): the
   * redacted text is the input's text (no secret: most documents), the body is the redacted text (Markdown).
   */
  sameText?: boolean;
  sameBody?: boolean;
}

/** The reply for a document prepared in the worker, without the texts the main thread can put back (see Reply). */
function packReply(id: number, input: PrepareInput, doc: PreparedDocument): Reply {
  const sameText = doc.redactedText === input.text;
  const sameBody = doc.body === doc.redactedText;
  if (!sameText && !sameBody) return { id, doc };
  return { id, doc: { ...doc, redactedText: sameText ? "" : doc.redactedText, body: sameBody ? "" : doc.body }, sameText, sameBody };
}

/** The document a reply stands for, with the texts left out put back. */
function unpackReply(reply: Reply & { doc: PreparedDocument }, input: PrepareInput): PreparedDocument {
  if (!reply.sameText && !reply.sameBody) return reply.doc;
  const redactedText = reply.sameText ? input.text : reply.doc.redactedText;
  return { ...reply.doc, redactedText, body: reply.sameBody ? redactedText : reply.doc.body };
}

/** The worker's first message: it has loaded and waits for work (a budget runs from then at the earliest). */
interface Ready {
  ready: true;
}

/** What a document whose preparation ran out of time is indexed as: no record, one problem. */
export function skippedDocument(input: PrepareInput, budget: number): PreparedDocument {
  const seconds = budget >= 1000 ? `${Math.round(budget / 100) / 10}` : `${budget / 1000}`;
  return {
    id: input.id,
    path: input.path,
    absPath: input.absPath,
    source: input.source,
    contentHash: input.contentHash,
    mtimeMs: input.mtimeMs,
    size: input.size,
    parsed: null,
    problems: [`parsing took longer than ${seconds} s: skipped`],
    findings: [],
    redactedText: "",
    body: "",
    decisionsText: "",
    quality: null,
    terms: null,
  };
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
  /** Sent and not answered, in the order sent: the worker answers in that order, so the first is the one it is on. */
  private readonly pending = new Map<number, Pending>();
  private idleTimer: NodeJS.Timeout | null = null;
  /** The budget of the document the worker is on (armed once the worker is ready). */
  private budgetTimer: NodeJS.Timeout | null = null;
  private ready = false;

  constructor(private readonly entry: URL | null) {}

  /** Start the worker now (loading its modules overlaps the run's discovery); it stops again if left idle. */
  warm(): void {
    if (this.worker || !this.ensureWorker()) return;
    this.becomeIdle();
  }

  prepare(input: PrepareInput): Promise<PreparedDocument> {
    return new Promise<PreparedDocument>((resolve, reject) => this.send({ input, resolve, reject }));
  }

  private send(job: Pending): void {
    const worker = this.ensureWorker();
    if (!worker) {
      prepareDocument(job.input).then(job.resolve, job.reject);
      return;
    }
    const id = this.nextId++;
    this.pending.set(id, job);
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    // outstanding work keeps the process alive; an idle worker never does
    worker.ref();
    try {
      worker.postMessage({ id, input: job.input });
    } catch {
      this.pending.delete(id);
      prepareDocument(job.input).then(job.resolve, job.reject);
      return;
    }
    if (this.pending.size === 1) this.armBudget();
  }

  private ensureWorker(): Worker | null {
    if (this.worker || this.broken || !this.entry) return this.worker;
    try {
      // `cairn index` may have started it already, before loading the indexer (prepare-worker-start.ts)
      const early = takeStartedWorker();
      const worker = early?.worker ?? new Worker(this.entry, { workerData: { cairnPrepareWorker: true } });
      worker.on("message", (reply: Reply | Ready) => {
        if (this.worker !== worker) return;
        if ("ready" in reply) {
          this.ready = true;
          this.armBudget();
        } else this.settle(reply);
      });
      worker.on("error", () => this.fail(worker));
      worker.on("exit", () => this.fail(worker));
      worker.unref();
      this.worker = worker;
      this.ready = early?.ready ?? false;
    } catch {
      this.broken = true;
    }
    return this.worker;
  }

  /** Start the budget of the document the worker is on now (the first one unanswered). */
  private armBudget(): void {
    if (this.budgetTimer) clearTimeout(this.budgetTimer);
    this.budgetTimer = null;
    const head = this.pending.keys().next();
    if (!this.ready || head.done) return;
    const id = head.value;
    const budget = budgetMs();
    this.budgetTimer = setTimeout(() => this.overBudget(id, budget), budget);
    this.budgetTimer.unref();
  }

  /** The worker is still on document `id` past its budget: replace the worker, skip the document, send the rest again. */
  private overBudget(id: number, budget: number): void {
    const worker = this.worker;
    const job = this.pending.get(id);
    if (!worker || !job || this.pending.keys().next().value !== id) return;
    this.worker = null;
    this.ready = false;
    void worker.terminate();
    const rest = [...this.pending.entries()].filter(([other]) => other !== id).map(([, other]) => other);
    this.pending.clear();
    job.resolve(skippedDocument(job.input, budget));
    for (const other of rest) this.send(other);
    if (this.pending.size === 0) this.becomeIdle();
  }

  private settle(reply: Reply): void {
    const job = this.pending.get(reply.id);
    if (!job) return;
    this.pending.delete(reply.id);
    // a failure is reproduced here, so that the caller sees the in-process error itself
    if (reply.failed || !reply.doc) prepareDocument(job.input).then(job.resolve, job.reject);
    else {
      offThread += 1;
      job.resolve(unpackReply({ ...reply, doc: reply.doc }, job.input));
    }
    this.armBudget();
    if (this.pending.size === 0) this.becomeIdle();
  }

  private becomeIdle(): void {
    if (this.budgetTimer) clearTimeout(this.budgetTimer);
    this.budgetTimer = null;
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
    if (this.budgetTimer) clearTimeout(this.budgetTimer);
    this.budgetTimer = null;
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
 * Run `work` with the worker thread available, each document under its time budget: a full index run, or (`warm:
 * false`, the worker started only once a document needs it) the server's watcher and `cairn mcp` bringing a
 * repository up to date (issue 42: one hostile checkpoint held every request 15-17 s). Outside (a file re-indexed
 * after Cairn wrote it) documents are prepared in this thread.
 */
export async function withPrepareWorker<T>(work: () => Promise<T>, options: { warm?: boolean } = {}): Promise<T> {
  fullRuns += 1;
  pool ??= new PreparePool(workerEntry());
  if (options.warm !== false) pool.warm();
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

// The worker's side: prepare what the main thread sends, one document at a time, in the order sent.
if (!isMainThread && parentPort && (workerData as { cairnPrepareWorker?: unknown } | null)?.cairnPrepareWorker === true) {
  const port = parentPort;
  const stallOn = process.env.CAIRN_TEST_PARSE_STALL || null;
  let queue: Promise<void> = Promise.resolve();
  const work = async (id: number, input: PrepareInput): Promise<void> => {
    // tests only: a document this worker never finishes, as a hostile one would
    if (stallOn && input.path.endsWith(stallOn)) for (;;);
    let reply: Reply;
    try {
      reply = packReply(id, input, await prepareDocument(input));
    } catch {
      reply = { id, failed: true };
    }
    try {
      port.postMessage(reply);
    } catch {
      port.postMessage({ id, failed: true } satisfies Reply);
    }
  };
  port.on("message", ({ id, input }: { id: number; input: PrepareInput }) => {
    queue = queue.then(() => work(id, input));
  });
  port.postMessage({ ready: true } satisfies Ready);
}
