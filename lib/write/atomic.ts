import "server-only";
import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { open, rename, unlink } from "node:fs/promises";
import { join } from "node:path";
import type { HeldFolder } from "./folder";

/** Test hooks: a failure injected here must leave the old file whole and no temporary file behind. */
export interface WriteHooks {
  /** Runs after the temporary file is written and synced, right before it is renamed over the target. */
  beforeRename?: (tempPath: string) => void | Promise<void>;
}

function tempNameFor(name: string): string {
  return `.${name}.cairn-tmp-${randomBytes(6).toString("hex")}`;
}

export function tempPathFor(dir: string, name: string): string {
  return join(dir, tempNameFor(name));
}

/**
 * Write `bytes` to `.<name>.cairn-tmp-<random>` in the held folder, fsync it, give it `mode`, check that the
 * folder is still the one that was checked and (`verify`) that nobody changed the target meanwhile, rename
 * it over `name` in that same folder, fsync the folder. On any failure the temporary file is removed (from
 * the held folder, wherever it now is) and the target is untouched.
 */
export async function atomicReplace(
  folder: HeldFolder,
  name: string,
  bytes: Buffer,
  options: { mode: number | null; verify?: () => Promise<void>; hooks?: WriteHooks },
): Promise<void> {
  const tempName = tempNameFor(name);
  const tempPath = folder.path(tempName);
  let tempExists = false;
  try {
    const flags = constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY | (constants.O_NOFOLLOW ?? 0);
    const handle = await open(tempPath, flags, options.mode ?? 0o666);
    tempExists = true;
    try {
      await handle.writeFile(bytes);
      // creation modes pass through the umask: set the old file's mode exactly
      if (options.mode !== null) await handle.chmod(options.mode);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await options.hooks?.beforeRename?.(join(folder.real, tempName));
    // the temporary file exists now: the folder it went to must still be the repository's
    await folder.verify();
    await options.verify?.();
    await rename(tempPath, folder.path(name));
    tempExists = false;
  } finally {
    if (tempExists) await unlink(tempPath).catch(() => undefined);
  }
  await folder.sync();
}
