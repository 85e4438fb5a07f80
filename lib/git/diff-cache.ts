/**
 * Results of git work between two commits, remembered by repository and both shas.
 *
 * A commit id names its content, so a result keyed by two full shas never goes stale: a repository that
 * moves on asks with another HEAD sha, a new key. The cache is bounded by entries and by the (approximate)
 * size of what it holds; the least recently used entry goes first. Work in flight is shared, so two
 * requests for the same pair start git once.
 */

export interface ShaPairCacheOptions {
  maxEntries: number;
  /** Approximate bytes held (strings counted at two bytes a character). */
  maxBytes: number;
}

interface Entry<T> {
  value: T;
  bytes: number;
}

export class ShaPairCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly inFlight = new Map<string, Promise<T>>();
  private held = 0;

  constructor(
    private readonly options: ShaPairCacheOptions,
    private readonly sizeOf: (value: T) => number,
  ) {}

  static key(repoPath: string, from: string | null, to: string): string {
    return `${repoPath}\u0000${from ?? "-"}\u0000${to}`;
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.held;
  }

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: T): void {
    const bytes = this.sizeOf(value);
    const old = this.entries.get(key);
    if (old) {
      this.held -= old.bytes;
      this.entries.delete(key);
    }
    // one result larger than a quarter of the budget is not kept: it would push out everything else
    if (bytes > this.options.maxBytes / 4) return;
    this.entries.set(key, { value, bytes });
    this.held += bytes;
    for (const [k, entry] of this.entries) {
      if (this.entries.size <= this.options.maxEntries && this.held <= this.options.maxBytes) break;
      this.entries.delete(k);
      this.held -= entry.bytes;
    }
  }

  /**
   * The remembered value, else `compute()`'s (shared with callers asking meanwhile). Values that
   * `keep` refuses (a failure to read, say) are returned but not remembered.
   */
  async getOrCompute(key: string, compute: () => Promise<T>, keep: (value: T) => boolean = () => true): Promise<T> {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const promise = compute().then(
      (value) => {
        this.inFlight.delete(key);
        if (keep(value)) this.set(key, value);
        return value;
      },
      (error: unknown) => {
        this.inFlight.delete(key);
        throw error;
      },
    );
    this.inFlight.set(key, promise);
    return promise;
  }

  clear(): void {
    this.entries.clear();
    this.held = 0;
  }
}

/** About how many bytes a JSON-like value holds (strings at two bytes a character). */
export function approximateBytes(value: unknown): number {
  if (typeof value === "string") return 16 + value.length * 2;
  if (typeof value !== "object" || value === null) return 8;
  let total = 16;
  if (Array.isArray(value)) for (const item of value) total += approximateBytes(item);
  else for (const [k, v] of Object.entries(value)) total += k.length * 2 + approximateBytes(v);
  return total;
}
