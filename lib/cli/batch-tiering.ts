/**
 * `cairn index` is a batch run of a few seconds: V8 spent a third of its CPU (1.65 of 5.0 s on a 60-repository
 * world, both threads) compiling functions with its optimising compiler on background threads, many of them only
 * warm, while the two cores were busy with the index itself. Asking for 16 times V8's interrupt budget (the bytecode
 * a function runs before it is considered for optimisation) keeps that compiler for what stays hot. Measured with
 * alternated runs on the same worlds (issue 28): cpu 0.81-0.85x and wall 0.89-0.93x on 60 repositories, cpu 0.90x
 * and wall 0.93x on 200. Flags are process-wide (the prepare worker has them too) and set before the indexer is
 * loaded; the short commands are not changed (their wall time did not move) and neither is the server.
 */
import { setFlagsFromString } from "node:v8";

/** V8's default interrupt budget (Node 20, V8 11.3: 66 KB of bytecode) times 16. */
const BATCH_INTERRUPT_BUDGET = 16 * 67_584;

export function tuneForBatchRun(): void {
  try {
    setFlagsFromString(`--interrupt-budget=${BATCH_INTERRUPT_BUDGET}`);
  } catch {
    // an engine without the flag: the index runs as it always did
  }
}
