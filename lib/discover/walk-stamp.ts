/**
 * The stamp of a walk: a hash of every listed file (path, kind, times, size, inode). Lines are kept per folder
 * (the folders of a walk are listed at once, in no set order) and sorted per folder, a folder at a time with
 * turns of the event loop between: one sort of 200,000 lines held the server for a tenth of a second or more.
 */
import { createHash } from "node:crypto";
import type { Yielder } from "./yield";

export class WalkStamp {
  private readonly folders = new Map<string, string[]>();

  /** The lines of one folder (its files, as the walk lists them). */
  folder(dir: string): string[] {
    const lines: string[] = [];
    this.folders.set(dir, lines);
    return lines;
  }

  /** The hash over every folder's lines and `extra` (candidates' targets, rejections, problems), in a set order. */
  async digest(extra: string[], pace: Yielder): Promise<string> {
    const hash = createHash("sha1");
    for (const dir of [...this.folders.keys()].sort()) {
      const turn = pace.step();
      if (turn) await turn;
      hash.update(`${dir}\n${this.folders.get(dir)!.sort().join("\n")}\n`);
    }
    hash.update(extra.sort().join("\n"));
    return hash.digest("hex");
  }
}
