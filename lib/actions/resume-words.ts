/** Matching a resume goal's words against paths and text: small, pure, no dependencies. */

const STOPWORDS = new Set(
  (
    "a an the and or but of to in on at by for from with without into onto over under up down out off " +
    "is are was were be been being it its this that these those there here then than so as if when while " +
    "do does did done make makes made get gets got let lets can could should would will shall may might must " +
    "i we you he she they me us my our your his her their them what which who whom why how all any some " +
    "no not nor only just also too very more most less least again once still yet now new old " +
    "fix fixes fixed fixing finish finishing continue continuing work working start starting resume next task " +
    "please try add adding update updating change changing implement implementing write writing"
  ).split(/\s+/),
);

/** Words worth matching in a goal: lower case, no stopwords, at least two characters, each once. */
export function goalWords(goal: string): string[] {
  const words = tokens(goal).filter((w) => w.length >= 2 && !STOPWORDS.has(w));
  return [...new Set(words)].slice(0, 24);
}

/** Lower-case word tokens; camelCase and snake_case and paths split apart. */
export function tokens(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

function stem(word: string): string {
  if (word.length <= 4) return word;
  return word.replace(/(?:ing|ed|es|s)$/, "");
}

/** "auth" matches "auth", "authentication"; "tests" matches "test"; "flaky" matches "flakiness" only by prefix. */
export function wordMatches(word: string, token: string): boolean {
  if (word === token) return true;
  if (word.length >= 4 && token.startsWith(word)) return true;
  if (token.length >= 4 && word.startsWith(token) && word.length - token.length <= 3) return true;
  return word.length > 4 && token.length > 4 && stem(word) === stem(token);
}

/** How often each goal word occurs among the tokens. */
function counts(words: string[], toks: string[]): Map<string, number> {
  const found = new Map<string, number>();
  const distinct = new Map<string, number>();
  for (const t of toks) distinct.set(t, (distinct.get(t) ?? 0) + 1);
  for (const word of words) {
    let n = 0;
    for (const [token, times] of distinct) if (wordMatches(word, token)) n += times;
    if (n) found.set(word, n);
  }
  return found;
}

/** The goal words that occur in a text. */
export function matchWords(words: string[], text: string): string[] {
  return words.length ? [...counts(words, tokens(text)).keys()] : [];
}

/**
 * Relevance of a file to the goal: 3 per word in its path (4 in its file name), plus for small text
 * files 1 per word in the content (2 when it occurs three times or more).
 */
export function scoreText(words: string[], path: string, content: string | null): { score: number; matched: string[] } {
  if (!words.length) return { score: 0, matched: [] };
  const name = path.split("/").pop() ?? path;
  const inName = counts(words, tokens(name));
  const inPath = counts(words, tokens(path));
  const inContent = content ? counts(words, tokens(content)) : new Map<string, number>();
  let score = 0;
  const matched = new Set<string>();
  for (const word of words) {
    if (inName.has(word)) score += 4;
    else if (inPath.has(word)) score += 3;
    const n = inContent.get(word) ?? 0;
    if (n) score += n >= 3 ? 2 : 1;
    if (inPath.has(word) || n) matched.add(word);
  }
  return { score, matched: [...matched] };
}
