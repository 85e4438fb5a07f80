import type { IndexProgress } from "../index/progress";

/** A progress bar on stderr when it is a terminal; quiet otherwise (stdout stays clean for --json). */
export function stderrProgress(): (event: IndexProgress) => void {
  const tty = process.stderr.isTTY;
  let last = 0;
  return (event) => {
    if (!tty) return;
    if (event.phase === "discover") process.stderr.write(`\rdiscovering repositories in ${event.root}…\x1b[K`);
    if (event.phase === "repository") {
      const now = Date.now();
      if (now - last < 50 && event.done !== event.total) return;
      last = now;
      const width = 28;
      const filled = Math.round((event.done / Math.max(event.total, 1)) * width);
      const name = event.path.split("/").slice(-2).join("/");
      process.stderr.write(`\r[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${event.done}/${event.total} ${name}\x1b[K`);
    }
    if (event.phase === "done") process.stderr.write("\r\x1b[K");
  };
}
