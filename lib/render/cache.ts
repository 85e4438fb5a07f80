import "server-only";
import { createHash } from "node:crypto";

/**
 * Rendered HTML remembered by the text it came from, so that viewing a large checkpoint again costs nothing.
 * Bounded by entries and by characters held; the least recently used goes first.
 */
export class RenderCache {
  private readonly entries = new Map<string, string>();
  private chars = 0;

  constructor(
    private readonly maxEntries = 400,
    // 8 M characters: up to 16 MiB of strings held
    private readonly maxChars = 8 * 1024 * 1024,
  ) {}

  static key(kind: string, text: string): string {
    return `${kind}:${createHash("sha1").update(text).digest("base64")}`;
  }

  get(key: string): string | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: string): void {
    if (value.length > this.maxChars / 4) return;
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.chars -= old.length;
      this.entries.delete(key);
    }
    this.entries.set(key, value);
    this.chars += value.length;
    for (const [k, v] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.chars <= this.maxChars) break;
      this.entries.delete(k);
      this.chars -= v.length;
    }
  }
}
