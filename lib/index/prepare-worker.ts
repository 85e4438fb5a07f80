/**
 * The prepare worker's entry in the compiled command line (dist/cli/prepare-worker.js, see scripts/build-cli.mjs):
 * a thread started on it serves prepare requests (the worker side of prepare-pool.ts runs when that module loads
 * in a thread started with `workerData.cairnPrepareWorker`).
 */
import "./prepare-pool";
