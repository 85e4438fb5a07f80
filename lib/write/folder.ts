import "server-only";
import { existsSync, type Stats } from "node:fs";
import { constants } from "node:fs";
import { lstat, open, readlink, realpath, type FileHandle } from "node:fs/promises";
import { join } from "node:path";
import { WriteError } from "./errors";

/**
 * A folder Cairn writes into, held open for the whole write: the lock file, the temporary file and the
 * rename all happen in THIS folder, whatever the path to it names meanwhile. On Linux every file operation
 * goes through `/proc/self/fd/<fd>/<name>`, which the kernel resolves to the held folder itself (a folder
 * swapped for a symlink to elsewhere cannot redirect it); elsewhere the path is used and re-checked.
 */
export interface HeldFolder {
  /** The folder's real path when it was opened. */
  readonly real: string;
  /** A path naming `name` inside the held folder. */
  path(name: string): string;
  /** Throws a "refused" WriteError when the folder was moved, replaced or swapped for a link since it was opened. */
  verify(): Promise<void>;
  /** fsync the folder (after a rename); silently skipped where folders cannot be synced. */
  sync(): Promise<void>;
  close(): Promise<void>;
}

const PROC_FD = "/proc/self/fd";
const byDescriptor = process.platform === "linux" && existsSync(PROC_FD);

const FOLDER_FLAGS = constants.O_RDONLY | (constants.O_DIRECTORY ?? 0) | (constants.O_NOFOLLOW ?? 0);

function sameNode(a: Stats, b: Stats): boolean {
  return a.dev === b.dev && a.ino === b.ino;
}

function moved(what: string): WriteError {
  return new WriteError("refused", `the folder of ${what} changed while Cairn was writing (moved, replaced or swapped for a link); nothing was written`);
}

/** Where the held folder really is now (Linux: what the kernel says; elsewhere: the path's real path). */
async function whereNow(handle: FileHandle, real: string): Promise<string | null> {
  if (byDescriptor) return readlink(`${PROC_FD}/${handle.fd}`).catch(() => null);
  return realpath(real).catch(() => null);
}

/**
 * Open `real` (a real path, checked by the caller to be inside the repository) and make sure what was opened
 * is that folder, not something a link swapped in. `what` names the file for messages.
 */
export async function holdFolder(real: string, what: string): Promise<HeldFolder> {
  let handle: FileHandle;
  try {
    handle = await open(real, FOLDER_FLAGS);
  } catch (error) {
    const code = typeof error === "object" && error !== null && "code" in error ? String((error as { code: unknown }).code) : "";
    if (code === "ELOOP" || code === "ENOTDIR" || code === "ENOENT") throw moved(what);
    throw new WriteError("io", `cannot open the folder of ${what}: ${code || String(error)}`, { cause: error });
  }
  const opened = await handle.stat();
  const held: HeldFolder = {
    real,
    path: (name) => (byDescriptor ? `${PROC_FD}/${handle.fd}/${name}` : join(real, name)),
    async verify() {
      // the folder itself is still where it was opened...
      if ((await whereNow(handle, real)) !== real) throw moved(what);
      // ...and its path still leads to it, with no link on the way
      const now = await lstat(real).catch(() => null);
      if (!now || now.isSymbolicLink() || !now.isDirectory() || !sameNode(now, opened)) throw moved(what);
    },
    async sync() {
      try {
        await handle.sync();
      } catch {
        /* some platforms and file systems cannot fsync a folder: the rename itself is still atomic */
      }
    },
    close: () => handle.close().catch(() => undefined),
  };
  try {
    await held.verify();
  } catch (error) {
    await held.close();
    throw error;
  }
  return held;
}
