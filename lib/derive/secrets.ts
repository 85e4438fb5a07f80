/**
 * Secret scanning for checkpoint documents: secretlint's recommended preset
 * plus Cairn's own patterns (./secret-patterns.ts), placeholder filtering,
 * overlap merging and redaction.
 *
 * Offsets, lines and columns count UTF-16 code units of the original text
 * (JavaScript string indices); `\r\n`, `\n` and a lone `\r` each end a line.
 */
import { lintSource } from "@secretlint/core";
import { secretLintProfiler } from "@secretlint/profiler";
import { rules as presetRules } from "@secretlint/secretlint-rule-preset-recommend";
import {
  EXCLUDED_SECRETLINT_RULES,
  OWN_PATTERNS,
  isPlaceholder,
  mapSecretlintRule,
  needsOwnPatterns,
  needsSecretlint,
  rulePriority,
  SECRETLINT_RULE_NEEDS,
  type Narrowing,
  type SecretRule,
} from "./secret-patterns";
import { decodedSpans } from "./secrets-decoded";
import { decodedHtmlSpans, isHtmlPath } from "./secrets-html";

export { SECRET_RULES, type SecretRule } from "./secret-patterns";

// secretlint's profiler records a performance mark per rule and file, and its observer looks through every mark
// recorded so far on each new one: the cost grows with the square of the files scanned in one process (a
// 3,951-document index spent 77% of its time there), and a long-running server keeps every mark. Cairn reads no
// profile: the marks are not made (secretlint 13 fixes this upstream, but needs Node 22).
secretLintProfiler.mark = () => {};

export type SecretFinding = {
  /** Short rule name, e.g. `github-token`; also used in `[REDACTED:<rule>]`. */
  rule: SecretRule;
  /** 1-based line of `start`. */
  line: number;
  /** 1-based column of `start`. */
  column: number;
  /** Offset of the first character of the secret value in the original text. */
  start: number;
  /** Offset just past the secret value (exclusive). */
  end: number;
};

export type SecretScan = {
  /** Sorted by `start`, non-overlapping. Never contains the secret value. */
  findings: SecretFinding[];
  /** The text with each finding's span replaced by `[REDACTED:<rule>]`. */
  redacted: string;
};

type LintOptions = Parameters<typeof lintSource>[0];
type LintConfig = LintOptions["options"]["config"];
type LintMessage = Awaited<ReturnType<typeof lintSource>>["messages"][number];
type Span = { rule: SecretRule; start: number; end: number };

const AWS_RULE_ID = "@secretlint/secretlint-rule-aws";

/** Built once: the preset's rules, minus the excluded ones, with AWS access key ID scanning on. */
export const SECRETLINT_CONFIG: Readonly<LintConfig> = {
  rules: presetRules
    .filter((rule) => !EXCLUDED_SECRETLINT_RULES.has(rule.meta.id))
    .map((rule) =>
      rule.meta.id === AWS_RULE_ID
        ? // Access key IDs are off by default; account IDs are not secrets and are noisy.
          { id: rule.meta.id, rule, options: { enableIDScanRule: true }, allowMessageIds: ["AWSAccountID"] }
        : { id: rule.meta.id, rule },
    ),
};

/** The configurations used so far, one per set of rules (a handful: most texts need one or two rules). */
const configs = new Map<string, LintConfig>();

/** SECRETLINT_CONFIG with only the rules that could report something in `text` (SECRETLINT_RULE_NEEDS); null for none. */
export function secretlintConfigFor(text: string): LintConfig | null {
  const rules = SECRETLINT_CONFIG.rules.filter((rule) => !SECRETLINT_RULE_NEEDS[rule.id] || SECRETLINT_RULE_NEEDS[rule.id].test(text));
  if (rules.length === 0) return null;
  if (rules.length === SECRETLINT_CONFIG.rules.length) return SECRETLINT_CONFIG;
  const key = rules.map((rule) => rule.id).join(" ");
  let config = configs.get(key);
  if (!config) {
    config = { ...SECRETLINT_CONFIG, rules };
    configs.set(key, config);
  }
  return config;
}

/** Scan `text` for leaked secrets. `filePath` is only used for its extension / file-name based rules. */
export async function scanSecrets(text: string, filePath = "document.md"): Promise<SecretScan> {
  const [scanDecoded, triggers] = [(decoded: string) => checkedSpans(decoded, "decoded.txt"), (t: string) => needsSecretlint(t) || needsOwnPatterns(t)];
  // also what a parser or a page decodes (JSON/YAML escapes, references, Markdown escapes, tags; for HTML, as a
  // browser reads it), each finding mapped back to the raw text
  let spans = (await checkedSpans(text, filePath)).concat(await decodedSpans(text, scanDecoded, triggers));
  if (isHtmlPath(filePath)) spans = spans.concat(await decodedHtmlSpans(text, scanDecoded, triggers));
  const merged = mergeSpans(spans);
  if (merged.length === 0) return { findings: [], redacted: text };

  const starts = lineStarts(text);
  const findings = merged.map((span): SecretFinding => {
    const line = lineOf(starts, span.start);
    return { rule: span.rule, line: line + 1, column: span.start - starts[line] + 1, start: span.start, end: span.end };
  });
  return { findings, redacted: redact(text, findings) };
}

/** Spans of secrets in a text, placeholders left out. */
async function checkedSpans(text: string, filePath: string): Promise<Span[]> {
  const runSecretlint = needsSecretlint(text);
  const runOwn = needsOwnPatterns(text);
  if (!runSecretlint && !runOwn) return [];
  // concat, not push(...spans): a huge document may hold more spans than a call takes arguments
  const spans = (runSecretlint ? await secretlintSpans(text, filePath) : []).concat(runOwn ? ownSpans(text) : []);
  return spans.filter((s) => s.end > s.start && !isPlaceholder(text.slice(s.start, s.end), s.rule));
}

/**
 * A short value shown or stored on its own (a branch name, a file name, a commit author, git's user.name),
 * with any secret in it redacted.
 */
export async function redactValue(value: string): Promise<string> {
  if (!value) return value;
  return (await scanSecrets(value, "value.txt")).redacted;
}

/** Every string inside a plain JSON-like value redacted (freshness reasons name branches: "branch changed: a -> b"). */
export async function redactStrings<T>(value: T): Promise<T> {
  if (typeof value === "string") return (await redactValue(value)) as T;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const item of value) out.push(await redactStrings(item));
    return out as T;
  }
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = await redactStrings(item);
    return out as T;
  }
  return value;
}

/**
 * secretlint compares each of its messages with every other (its de-duplication is quadratic: a file of 10,000
 * lines that look like keys took 16 s): a long text is linted in pieces of about CHUNK_CHARS, cut at line ends
 * and never inside a PEM block, and the pieces' spans are shifted back to the whole text.
 */
const CHUNK_CHARS = 16 * 1024;

async function secretlintSpans(text: string, filePath: string): Promise<Span[]> {
  if (text.length <= CHUNK_CHARS) return secretlintPiece(text, filePath);
  let spans: Span[] = [];
  for (let from = 0; from < text.length; ) {
    const to = pieceEnd(text, from);
    const shift = from;
    spans = spans.concat((await secretlintPiece(text.slice(from, to), filePath)).map((s) => ({ ...s, start: s.start + shift, end: s.end + shift })));
    from = to;
  }
  return spans;
}

/** Where a piece starting at `from` ends: a line end near CHUNK_CHARS on, past the end of a PEM block open there. */
function pieceEnd(text: string, from: number): number {
  if (text.length - from <= CHUNK_CHARS) return text.length;
  let to = text.indexOf("\n", from + CHUNK_CHARS);
  if (to < 0) return text.length;
  const piece = text.slice(from, to);
  const begin = piece.lastIndexOf("-----BEGIN");
  if (begin >= 0 && piece.indexOf("-----END", begin) < 0) {
    const end = text.indexOf("-----END", to);
    if (end >= 0 && end - to < 4 * CHUNK_CHARS) to = text.indexOf("\n", end) < 0 ? text.length : text.indexOf("\n", end);
  }
  return to + 1;
}

async function secretlintPiece(text: string, filePath: string): Promise<Span[]> {
  const config = secretlintConfigFor(text);
  if (!config) return [];
  const result = await lintSource({
    source: { filePath, content: text, ext: extensionOf(filePath), contentType: "text" },
    // noPhysicFilePath: rules must never read the file from disk (the gcp p12 check would).
    options: { config, noPhysicFilePath: true },
  });
  // secretlint strips a leading BOM, so its ranges are one short of ours.
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  return result.messages.map((message) => {
    const { rule, narrow } = mapSecretlintRule(message.ruleId, message.messageId);
    const [start, end] = locateValue(text, message, bom);
    return narrow ? { rule, ...narrowSpan(text, start, end, narrow) } : { rule, start, end };
  });
}

const VALUE_KEYS = ["KEY", "TOKEN", "ID", "CREDENTIAL", "URI", "URL"] as const;

/**
 * secretlint's `range` is not always the value (the AWS secret key rule reports
 * the key *name*'s offset with the value's length), but `data` carries the
 * matched value: find it at or just after the reported start.
 */
function locateValue(text: string, message: LintMessage, bom: number): [number, number] {
  const start = message.range[0] + bom;
  const end = message.range[1] + bom;
  const data: unknown = message.data;
  if (typeof data === "object" && data !== null) {
    const record = data as Record<string, unknown>;
    for (const key of VALUE_KEYS) {
      const value = record[key];
      if (typeof value !== "string" || value.length === 0) continue;
      const at = text.indexOf(value, Math.max(0, start - 1));
      if (at !== -1 && at <= end + 256) return [at, at + value.length];
    }
  }
  return [start, end];
}

/** Cut a URL match down to the secret part: the userinfo password, or a webhook's path. */
function narrowSpan(text: string, start: number, end: number, how: Narrowing): { start: number; end: number } {
  const value = text.slice(start, end);
  if (how === "slack-webhook-path") {
    const i = value.indexOf("/services/");
    return i === -1 ? { start, end } : { start: start + i + "/services/".length, end };
  }
  const scheme = value.indexOf("://");
  if (scheme === -1) return { start, end };
  const authorityStart = scheme + 3;
  const stop = value.slice(authorityStart).search(/[/?#\s]/);
  const authorityEnd = stop === -1 ? value.length : authorityStart + stop;
  const at = value.lastIndexOf("@", authorityEnd - 1);
  const colon = value.indexOf(":", authorityStart);
  if (at < authorityStart || colon === -1 || colon >= at) return { start, end };
  return { start: start + colon + 1, end: start + at };
}

function ownSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const pattern of OWN_PATTERNS) {
    for (const match of text.matchAll(pattern.re)) {
      const indices = match.indices;
      if (!indices) continue;
      const [start, end] = indices.groups?.v ?? indices[0];
      if (pattern.accept && !pattern.accept(text.slice(start, end))) continue;
      spans.push({ rule: pattern.rule, start, end });
    }
  }
  return spans;
}

/** Sort and merge overlapping spans; a merged span keeps the most specific rule. */
function mergeSpans(spans: Span[]): Span[] {
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Span[] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span.start < last.end) {
      last.end = Math.max(last.end, span.end);
      if (rulePriority(span.rule) > rulePriority(last.rule)) last.rule = span.rule;
    } else {
      merged.push({ ...span });
    }
  }
  return merged;
}

function redact(text: string, findings: readonly SecretFinding[]): string {
  let out = "";
  let pos = 0;
  for (const f of findings) {
    out += text.slice(pos, f.start) + `[REDACTED:${f.rule}]`;
    pos = f.end;
  }
  return out + text.slice(pos);
}

/** Offsets at which each line starts. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
  }
  return starts;
}

/** 0-based index of the line containing `offset`. */
function lineOf(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function extensionOf(filePath: string): string {
  return /\.[^./\\]+$/.exec(filePath)?.[0] ?? ".md";
}
