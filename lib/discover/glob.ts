/**
 * Gitignore-like globs matched in time linear in the path (times the pattern's length, which is capped), never
 * through a regular expression built from the pattern: a pattern comes from a repository (`.cairnignore`) or the
 * user's settings, and `*a*a*a*a*a*a*a*a*a*a*a*a*b` made a backtracking expression spin for minutes on one
 * 40-character name. The pattern is run as a set of positions (a Thompson simulation held as bits, its states
 * remembered: see Machine), one pass over the path.
 *
 * Tokens: `*` any run within a folder, `?` one character within a folder, `**` any run across folders,
 * `**` + `/` zero or more whole leading folders, `\` before a character that character itself; anything else is itself.
 * Pure: no I/O.
 */

const SLASH = 47;

const enum Kind {
  Literal,
  One,
  Star,
  Any,
  /** Reads nothing: goes on to the next token or to `skip` (the entry of an optional group). */
  Split,
}

interface Token {
  kind: Kind;
  /** The character (Literal). */
  code: number;
  /** Split: where the optional group `(?:.*\/)?` of a `**` followed by `/` ends (skipped whole). */
  skip: number;
  /** The `/` of such a group: skipped with it (never part of a literal run). */
  optional: boolean;
}

export interface CompiledGlob {
  /** Whether the whole of `path` (forward slashes, no leading or trailing slash) matches. */
  matches(path: string): boolean;
}

function tokenize(glob: string, unanchored: boolean): Token[] {
  const tokens: Token[] = [];
  const push = (kind: Kind, code = 0, skip = -1, optional = false) => tokens.push({ kind, code, skip, optional });
  // unanchored: the pattern may start after any `/`, as if it began with `**` + `/`
  if (unanchored) {
    push(Kind.Split, 0, 3);
    push(Kind.Any);
    push(Kind.Literal, SLASH, -1, true);
  }
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    // `\*`, `\?`, `\\`: the character itself (how "Not a checkpoint" writes a file literally named `*.md`)
    if (c === "\\" && i + 1 < glob.length) {
      push(Kind.Literal, glob.charCodeAt(++i));
      continue;
    }
    if (c === "*") {
      if (glob[i + 1] === "*") {
        if (glob[i + 2] === "/") {
          push(Kind.Split, 0, tokens.length + 3);
          push(Kind.Any);
          push(Kind.Literal, SLASH, -1, true);
          i += 2;
        } else {
          push(Kind.Any);
          i += 1;
        }
      } else push(Kind.Star);
    } else if (c === "?") push(Kind.One);
    else push(Kind.Literal, glob.charCodeAt(i));
  }
  return tokens;
}

/** The literal characters the tokens start (end) with: a path not starting (ending) so cannot match. */
function literalRun(tokens: Token[], fromEnd: boolean): string {
  let out = "";
  for (let k = 0; k < tokens.length; k++) {
    const token = tokens[fromEnd ? tokens.length - 1 - k : k];
    if (token.kind !== Kind.Literal || token.optional) break;
    out += String.fromCharCode(token.code);
  }
  return fromEnd ? [...out].reverse().join("") : out;
}

/**
 * The tokens as a machine over sets of positions held as bits (32 a word), read one character at a time with a
 * few word operations, and remembered as it goes: each set reached is a state whose next state per character is
 * kept, so that the many paths one rule meets in a run are read in one lookup a character once the rule's states
 * are known (issue 42: 200 rules of 255 characters over 400 long names, tested position by position, stalled an
 * index run 34-45 s). Characters the pattern never names are one class. A rule whose states grow past
 * MAX_STATES keeps reading by bits without remembering more: still O(|text| x |tokens| / 32), no backtracking.
 */
const MAX_STATES = 512;
const OTHER = -1;

interface State {
  bits: Uint32Array;
  accept: boolean;
  /** No position left: nothing can match from here. */
  dead: boolean;
  /** The next state per character class (see classOf), once worked out. */
  next: Array<State | undefined>;
}

class Machine {
  private readonly words: number;
  private readonly end: number;
  /** Positions left without reading (a star's empty run, a split either way). */
  private readonly eps: Uint32Array;
  private readonly split: Uint32Array;
  private readonly star: Uint32Array;
  private readonly any: Uint32Array;
  private readonly one: Uint32Array;
  private readonly literal = new Map<number, Uint32Array>();
  private readonly states = new Map<string, State>();
  /** Character class per code below 128 (0: any other character, 1: `/`, 2 on: a character the pattern names). */
  private readonly asciiClass = new Uint8Array(128);
  private readonly otherClass = new Map<number, number>();
  private readonly classCodes: number[] = [OTHER, SLASH];
  /** The pattern's runs of literal characters, in order: a text must hold them in that order, apart. */
  private readonly runs: string[];
  /** Characters read at least (literals and `?` outside the optional groups): a shorter text cannot match. */
  readonly minLength: number;
  readonly start: State;

  constructor(tokens: Token[]) {
    this.end = tokens.length;
    this.words = Math.ceil((tokens.length + 4) / 32);
    const mask = () => new Uint32Array(this.words);
    this.eps = mask();
    this.split = mask();
    this.star = mask();
    this.any = mask();
    this.one = mask();
    let min = 0;
    tokens.forEach((token, p) => {
      const set = (m: Uint32Array) => (m[p >>> 5] |= 1 << (p & 31));
      if (token.kind === Kind.Star || token.kind === Kind.Any || token.kind === Kind.Split) set(this.eps);
      if (token.kind === Kind.Split) set(this.split);
      if (token.kind === Kind.Star) set(this.star);
      if (token.kind === Kind.Any) set(this.any);
      if (token.kind === Kind.One) set(this.one);
      if (token.kind === Kind.Literal) {
        let m = this.literal.get(token.code);
        if (!m) this.literal.set(token.code, (m = mask()));
        set(m);
      }
      if ((token.kind === Kind.Literal && !token.optional) || token.kind === Kind.One) min++;
    });
    this.minLength = min;
    this.asciiClass[SLASH] = 1;
    for (const code of this.literal.keys()) {
      if (code === SLASH) continue;
      const cls = this.classCodes.push(code) - 1;
      if (code < 128) this.asciiClass[code] = cls;
      else this.otherClass.set(code, cls);
    }
    this.runs = [];
    let run = "";
    for (const token of tokens) {
      if (token.kind === Kind.Literal && !token.optional) run += String.fromCharCode(token.code);
      else if (run) {
        this.runs.push(run);
        run = "";
      }
    }
    if (run) this.runs.push(run);
    const first = mask();
    first[0] = 1;
    this.start = this.state(this.closure(first));
  }

  private bitAt(bits: Uint32Array, p: number): boolean {
    return (bits[p >>> 5] & (1 << (p & 31))) !== 0;
  }

  /** Add the positions reachable without reading: ripple along runs of `eps` (one addition), then the splits' skips. */
  private closure(bits: Uint32Array): Uint32Array {
    const { words, eps, split } = this;
    for (;;) {
      // (eps + (bits & eps)) ^ eps sets every position from an active one through the end of its run, and the next
      let carry = 0;
      for (let w = 0; w < words; w++) {
        const x = (bits[w] & eps[w]) >>> 0;
        const sum = eps[w] + x + carry;
        carry = sum > 0xffffffff ? 1 : 0;
        bits[w] |= ((sum >>> 0) ^ eps[w]) >>> 0;
      }
      // a split also skips its optional group (3 positions on)
      let grew = false;
      let from = 0;
      for (let w = 0; w < words; w++) {
        const moved = (((bits[w] & split[w]) << 3) | from) >>> 0;
        from = (bits[w] & split[w]) >>> 29;
        const added = moved & ~bits[w];
        if (added) {
          bits[w] |= added;
          grew = true;
        }
      }
      if (!grew) return bits;
    }
  }

  private state(bits: Uint32Array): State {
    const key = bits.join(",");
    const known = this.states.get(key);
    if (known) return known;
    const made: State = { bits, accept: this.bitAt(bits, this.end), dead: bits.every((w) => w === 0), next: [] };
    if (this.states.size < MAX_STATES) this.states.set(key, made);
    return made;
  }

  private classOf(code: number): number {
    return code < 128 ? this.asciiClass[code] : (this.otherClass.get(code) ?? 0);
  }

  /** The state after reading `code` from `from`, or null when no position is left (nothing can match). */
  step(from: State, code: number): State | null {
    const cls = this.classOf(code);
    const known = from.next[cls];
    if (known) return known.dead ? null : known;
    const { words } = this;
    const bits = from.bits;
    const literal = cls === 0 ? null : this.literal.get(this.classCodes[cls]);
    const slash = cls === 1;
    const next = new Uint32Array(words);
    let carry = 0;
    let any = 0;
    for (let w = 0; w < words; w++) {
      const reads = ((literal ? literal[w] : 0) | (slash ? 0 : this.one[w])) >>> 0;
      const advance = (bits[w] & reads) >>> 0;
      const stays = (bits[w] & (this.any[w] | (slash ? 0 : this.star[w]))) >>> 0;
      next[w] = (((advance << 1) | carry) | stays) >>> 0;
      carry = advance >>> 31;
      any |= next[w];
    }
    const state = this.state(any ? this.closure(next) : next);
    if (this.states.size < MAX_STATES) from.next[cls] = state;
    return any ? state : null;
  }

  matches(text: string, from: number): boolean {
    if (text.length - from < this.minLength) return false;
    // cheap tests first: the literal runs, in order and apart (a match reads each of them there)
    let at = from;
    for (const run of this.runs) {
      const found = text.indexOf(run, at);
      if (found < 0) return false;
      at = found + run.length;
    }
    let state: State | null = this.start;
    for (let i = from; i < text.length; i++) {
      state = this.step(state, text.charCodeAt(i));
      if (!state) return false;
    }
    return state.accept;
  }
}

/**
 * `glob` (no leading or trailing slash) matched against whole paths; `unanchored`: at any depth (the pattern
 * may start after any `/` of the path).
 */
export function compileGlob(glob: string, unanchored: boolean): CompiledGlob {
  const own = tokenize(glob, false);
  // a plain name or path (escapes read): compared, not simulated
  if (own.every((t) => t.kind === Kind.Literal)) {
    const plain = String.fromCharCode(...own.map((t) => t.code));
    if (!unanchored) return { matches: (path) => path === plain };
    return { matches: (path) => path === plain || (path.endsWith(plain) && path.charCodeAt(path.length - plain.length - 1) === SLASH) };
  }
  // a pattern that cannot cross a `/` and may start after any `/`: only the last segment can match it
  const lastSegmentOnly = unanchored && !own.some((t) => t.kind === Kind.Any || (t.kind === Kind.Literal && t.code === SLASH));
  const tokens = tokenize(glob, unanchored && !lastSegmentOnly);
  const prefix = literalRun(tokens, false);
  const suffix = literalRun(tokens, true);
  const machine = new Machine(tokens);
  return {
    matches(path) {
      if (!path.endsWith(suffix)) return false;
      if (lastSegmentOnly) return machine.matches(path, path.lastIndexOf("/") + 1);
      if (!path.startsWith(prefix)) return false;
      return machine.matches(path, 0);
    },
  };
}
