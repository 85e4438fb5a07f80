/**
 * Values out of their sentences: a branch name out of `git checkout feature/x` or `main @ abc1234`, a commit out of
 * `Last commit: abc1234 - fix`, placeholders recognised as absent. Pure string helpers shared by every family.
 */
import { squash, stripInlineMarkdown } from "./text";
import { wordsPattern } from "./words";

/** "everything on `main`", "tout sur `main`": the vocabulary's words, then the branch in a code span. */
const EVERYTHING_ON = new RegExp(`${wordsPattern("everythingOn").source}\\s+(?:the\\s+)?(?:branch\\s+)?\`([^\`\\s]+)\``, "iu");

/** `[DATE]`, `{title}`, `<status>`, `[branch name]`, `-`, `TBD`: written where a value goes, but no value. */
export function isPlaceholder(value: string | null | undefined): boolean {
  const v = (value ?? "").trim().replace(/^[`*_"']+|[`*_"']+$/g, "").trim();
  if (!v || /^[-–—_.?…]+$/.test(v)) return true;
  if (/^\[[^\]]*\]$|^\{[^}]*\}$|^<[^>]*>$|^\$\{[^}]*\}$/.test(v)) return true;
  return /^(?:none|n\/a|na|unknown|null|nil|tbd|todo|tbc|xxx+|same|-+|\?+|not set|unset|detached|\(none\))$/i.test(v);
}

const FILE_EXTENSION = /\.(?:md|markdown|txt|ts|tsx|js|jsx|py|json|ya?ml|html?|css|sh|toml|lock|rs|go|java|rb)$/i;
const NOT_BRANCHES = /^(?:git|branch|checkout|switch|push|pull|origin|upstream|remote|head|none|null|unknown|the|a|an|on|in|at|to|from|of|and|or|is|was|local|tbd|same|n\/a|detached|clean|dirty|merged|synced)$/i;

/** A name git would accept as a branch (`git check-ref-format --branch`), and that reads as one. */
export function isRefName(name: string): boolean {
  if (!name || name.length > 120 || isPlaceholder(name)) return false;
  if (name.startsWith("-") || name.startsWith("/") || name.endsWith("/") || name.endsWith(".") || name.endsWith(".lock")) return false;
  if (/\.\.|\/\/|@\{|\/\.|[\s~^:?*[\\\u0000-\u001f\u007f`'"()<>,;|]/.test(name)) return false;
  if (!/\p{L}/u.test(name) || NOT_BRANCHES.test(name) || FILE_EXTENSION.test(name)) return false;
  if (/^[0-9a-f]{7,40}$/i.test(name) && /\d/.test(name)) return false; // a commit, not a branch
  if (/^(?:https?|ssh|git|file):/i.test(name) || /^\d+(?:\.\d+)*$/.test(name)) return false;
  // a template's example (`feature/DRI-XXX-description`): a placeholder, not a branch
  if (/(?:^|[-_/])x{3,}(?:[-_/]|$)/i.test(name)) return false;
  // remote-tracking refs (`origin/main`) say where the work was pushed, not which branch it was saved on
  return !/^(?:origin|upstream|remotes)\//i.test(name);
}

/** A commit id as written: 7 to 40 hex digits holding at least one digit and one letter. */
export function isShaText(value: string): boolean {
  return /^[0-9a-f]{7,40}$/i.test(value) && /\d/.test(value) && /[a-f]/i.test(value);
}

const SHA_IN_TEXT = /(?<![\w/.-])([0-9a-f]{7,40})(?![\w/-])/gi;

/** The first commit id in a value (`2fb20f1 - fix(prisma): ...`, `` `4c34fca` ``), or null. */
export function shaFromValue(value: string | null | undefined, options: { labelled?: boolean } = {}): string | null {
  if (!value || isPlaceholder(value)) return null;
  for (const m of value.matchAll(SHA_IN_TEXT)) if (isShaText(m[1])) return m[1];
  // under a commit label, the value's first word may be a commit of digits only ("**HEAD**: `6584896`")
  const lead = options.labelled ? /^\W*([0-9]{7,40})(?![\w/-])/.exec(value) : null;
  return lead ? lead[1] : null;
}

/** `git checkout -b X`, `git switch X`, `git push origin X`: the branch the command names. */
export function branchFromCommand(text: string): string | null {
  const m =
    /\bgit\s+(?:checkout|switch)\s+(?:-[bBcC]\s+|--track\s+|-t\s+)?([^\s`'";|&)]+)/.exec(text) ??
    /\bgit\s+push\s+(?:-u\s+|--set-upstream\s+)?(?:origin|upstream)\s+(?:HEAD:)?([^\s`'";|&)]+)/.exec(text);
  const name = m?.[1]?.replace(/[.,]+$/, "");
  return name && isRefName(name) ? name : null;
}

/** `main @ abc1234`, `` `main` @ `abc1234` ``: a branch and the commit it was at. */
export function branchAtSha(text: string): { branch: string | null; sha: string } | null {
  if (!text.includes("@")) return null;
  const m = /(?:^|[\s(*[`])`?([^\s`*@()[\]]{1,120}?)`?\s*@\s*`?([0-9a-f]{7,40})\b/i.exec(stripInlineMarkdown(text).replace(/`/g, ""));
  if (!m || !isShaText(m[2])) return null;
  const name = m[1].replace(/^\*+|\*+$/g, "");
  if (/^head$/i.test(name)) return { branch: null, sha: m[2] };
  return isRefName(name) ? { branch: name, sha: m[2] } : null;
}

/** The branch a labelled value names: a command's argument, a code span, `X @ sha`, else its first word. */
export function branchFromValue(raw: string | null | undefined): string | null {
  if (!raw || isPlaceholder(raw)) return null;
  const command = branchFromCommand(raw);
  if (command) return command;
  const at = branchAtSha(raw);
  if (at?.branch) return at.branch;
  for (const m of raw.matchAll(/`([^`]+)`/g)) {
    const name = m[1].trim();
    if (isRefName(name)) return name;
  }
  const plain = squash(stripInlineMarkdown(raw));
  const first = plain.split(/[\s,;]+/)[0]?.replace(/^[("'[]+|[)"'\].,:;]+$/g, "") ?? "";
  return isRefName(first) ? first : null;
}

/** Branch named in prose outside any label: commands, `commits on main`, `changes on \`feat/x\``, `commit abc on X`. */
export function branchFromProse(line: string): string | null {
  const command = branchFromCommand(line);
  if (command) return command;
  const plain = stripInlineMarkdown(line);
  // "Create a feature branch: `feature/X`", "create branch X next": a branch to make, not the one the work is on
  if (/\b(?:create|make|open|start|cut)\s+(?:a\s+|the\s+|new\s+|your\s+)*(?:[\w-]+\s+)?branch\b/i.test(plain)) return null;
  // "branch `x`", "branch: `x`", "branch is `x`" (not "a branch of `do_GET`", "the branch in `f()`")
  const named = /(?<!\p{L})(?:branch|zweig|ветка|ветке|ветку|rama|ramo|branche|브랜치|ブランチ|分支)(?!\p{L})(?:\s*\/\s*\p{L}{1,12})?(?:\s*(?:[:=]|is|named|called|ist|est|é|es)?\s*(?:\*\*|__)?\s*|[^`\n\p{L}]{0,4})`([^`\s]+)`/iu.exec(line);
  if (named && isRefName(named[1])) return named[1];
  const m =
    /\bcommits?\s+`?[0-9a-f]{7,40}`?\s+(?:on|pe|auf|sur|em|en|su)\s+(?:branch\s+)?`?([^\s`,;)]+)`?/i.exec(line) ??
    /\b(?:\d+\s+commits?|changes|work|unstaged|uncommitted|staged)\s+(?:are\s+|is\s+)?(?:\w+\s+)?on\s+(?:branch\s+)?`([^`\s]+)`/i.exec(line) ??
    /~?\d+\s+commits?\s+on\s+([\w./-]+)/i.exec(plain) ??
    /\bon\s+(?:the\s+)?branch\s+([\w][\w./-]*)/i.exec(plain) ??
    // "everything on `main`", "tout sur `main`": the whole work on one branch
    EVERYTHING_ON.exec(line) ??
    /\bbranch\s+is\s+`?([\w][\w./-]*)`?\s+(?:at|@)\s+[0-9a-f]{7,40}\b/i.exec(plain);
  const name = m?.[1]?.replace(/[.,]+$/, "");
  return name && isRefName(name) ? name : null;
}

/** A commit the prose calls the state: `HEAD should be \`1a6fa21\``, `all at commit \`7d33f20\``, `latest 494f0be`. */
export function shaFromProse(line: string): string | null {
  const plain = line.replace(/[*`]/g, "");
  const m =
    /\bHEAD\b(?:\s+(?:is|was|should be|at|=|->|→)|\s*[:=])?\s+(?:now\s+)?(?:at\s+)?([0-9a-f]{7,40})\b/.exec(plain) ??
    /\b(?:all|both|everything|are|is|was|were)\s+(?:\w+\s+)?at\s+commit\s+([0-9a-f]{7,40})\b/i.exec(plain) ??
    /^\W*commit\s+([0-9a-f]{7,40})\s+(?:on|pe|auf|sur|em|en|su)\s+\S/i.exec(plain) ??
    /(?:\blatest|\bcurrent|最新|최신|最新的)\s*(?:commit\s*)?[:：]?\s*([0-9a-f]{7,40})\b/i.exec(plain);
  if (m && isShaText(m[1])) return m[1];
  // "The verified branch is fix/x at 7649017": the branch and the commit it stands at (digits alone count here)
  const at = /\bbranch\s+(?:is\s+)?[\w./-]+\s+(?:at|@)\s+([0-9a-f]{7,40})(?![\w/-])/i.exec(plain);
  return at ? at[1] : null;
}

/** Prefixes branches are conventionally named with (`feat/x`, `claude/y`): a title naming one names its branch. */
const BRANCH_PREFIX = /^(?:feat|feature|fix|bugfix|hotfix|chore|release|refactor|docs|perf|test|exp|experiment|wip|dev|claude|codex|cursor|copilot|agent)\/[\w.-]+(?:\/[\w.-]+)*$/i;

/** A branch written in a title: "# Session State — 2026-05-28 feat/admin-redesign-v2". */
export function branchFromTitle(title: string): string | null {
  for (const token of stripInlineMarkdown(title).split(/[\s()[\]`,;]+/)) {
    const name = token.replace(/[.:]+$/, "");
    if (BRANCH_PREFIX.test(name) && isRefName(name)) return name;
  }
  return null;
}
