import "server-only";
import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { open, rename, unlink } from "node:fs/promises";
import { join } from "node:path";

/** Test hooks: a failure injected here must leave the old file whole and no temporary file behind. */
export interface WriteHooks {
  /** Runs after the temporary file is written and synced, right before it is renamed over the target. */
  beforeRename?: (tempPath: string) => void | Promise<void>;
}

export function tempPathFor(dir: string, name: string): string {
  return join(dir, `.${name}.cairn-tmp-${randomBytes(6).toString("hex")}`);
}

async function syncFolder(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, constants.O_RDONLY | (constants.O_DIRECTORY ?? 0));
    await handle.sync();
  } catch {
    /* some platforms and file systems cannot fsync a folder: the rename itself is still atomic */
  } finally {
    await handle?.close();
  }
}

/**
 * Write `bytes` to `.<name>.cairn-tmp-<random>` in the same folder, fsync it, give it `mode`, check
 * (`verify`) that nobody changed the target meanwhile, rename it over `dir/name`, fsync the folder.
 * On any failure the temporary file is removed and the target is untouched.
 */
export async function atomicReplace(
  dir: string,
  name: string,
  bytes: Buffer,
  options: { mode: number | null; verify?: () => Promise<void>; hooks?: WriteHooks },
): Promise<void> {
  const tempPath = tempPathFor(dir, name);
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
    await options.hooks?.beforeRename?.(tempPath);
    await options.verify?.();
    await rename(tempPath, join(dir, name));
    tempExists = false;
  } finally {
    if (tempExists) await unlink(tempPath).catch(() => undefined);
  }
  await syncFolder(dir);
}
