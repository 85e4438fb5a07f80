/**
 * Gitignore-like globs matched in time linear in the path (times the pattern's length, which is capped), never
 * through a regular expression built from the pattern: a pattern comes from a repository (`.cairnignore`) or the
 * user's settings, and `*a*a*a*a*a*a*a*a*a*a*a*a*b` made a backtracking expression spin for minutes on one
 * 40-character name. The pattern is run as a set of positions (a Thompson simulation), one pass over the path.
 *
 * Tokens: `*` any run within a folder, `?` one character within a folder, `**` any run across folders,
 * `**` + `/` zero or more whole leading folders; anything else is itself.
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
 * Runs the tokens over `text` keeping the set of positions reached (each at most once per character):
 * O(|text| x |tokens|) in the worst case, no backtracking.
 */
function simulate(tokens: Token[], text: string, from: number): boolean {
  const end = tokens.length;
  let current: number[] = [];
  let next: number[] = [];
  // the character index at which a position was last added, per list: a position is added once per step
  const seen = new Int32Array(end + 1).fill(-1);
  const add = (list: number[], position: number, step: number) => {
    // positions reachable without reading: a star's empty run, either way of a split
    const stack = [position];
    while (stack.length) {
      const p = stack.pop()!;
      if (seen[p] === step) continue;
      seen[p] = step;
      list.push(p);
      if (p === end) continue;
      const token = tokens[p];
      if (token.kind === Kind.Star || token.kind === Kind.Any || token.kind === Kind.Split) stack.push(p + 1);
      if (token.kind === Kind.Split) stack.push(token.skip);
    }
  };
  add(current, 0, from);
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    next.length = 0;
    for (const p of current) {
      if (p === end) continue;
      const token = tokens[p];
      switch (token.kind) {
        case Kind.Literal:
          if (c === token.code) add(next, p + 1, i + 1);
          break;
        case Kind.One:
          if (c !== SLASH) add(next, p + 1, i + 1);
          break;
        case Kind.Star:
          if (c !== SLASH) add(next, p, i + 1);
          break;
        case Kind.Any:
          add(next, p, i + 1);
          break;
      }
    }
    if (next.length === 0) return false;
    [current, next] = [next, current];
  }
  return current.includes(end);
}

/**
 * `glob` (no leading or trailing slash) matched against whole paths; `unanchored`: at any depth (the pattern
 * may start after any `/` of the path).
 */
export function compileGlob(glob: string, unanchored: boolean): CompiledGlob {
  const wild = /[*?]/.test(glob);
  // a plain name or path: compared, not simulated
  if (!wild) {
    if (!unanchored) return { matches: (path) => path === glob };
    return { matches: (path) => path === glob || (path.endsWith(glob) && path.charCodeAt(path.length - glob.length - 1) === SLASH) };
  }
  // a pattern that cannot cross a `/` and may start after any `/`: only the last segment can match it
  const lastSegmentOnly = unanchored && !glob.includes("/") && !glob.includes("**");
  const tokens = tokenize(glob, unanchored && !lastSegmentOnly);
  const prefix = literalRun(tokens, false);
  const suffix = literalRun(tokens, true);
  return {
    matches(path) {
      if (!path.endsWith(suffix)) return false;
      if (lastSegmentOnly) return simulate(tokens, path, path.lastIndexOf("/") + 1);
      if (!path.startsWith(prefix)) return false;
      return simulate(tokens, path, 0);
    },
  };
}
