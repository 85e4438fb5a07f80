/**
 * Rule names, secretlint rule-id mapping, Cairn's own patterns, placeholder
 * detection and the cheap pre-filter for `scanSecrets` (see ./secrets.ts).
 */

/** Short, readable rule names used in findings and in `[REDACTED:<rule>]`. */
export const SECRET_RULES = [
  "aws-access-key",
  "aws-secret-key",
  "github-token",
  "openai-key",
  "anthropic-key",
  "jwt",
  "bearer-token",
  "private-key",
  "connection-string-password",
  "basic-auth-password",
  "slack-token",
  "slack-webhook",
  "npm-token",
  "sendgrid-key",
  "shopify-token",
  "linear-key",
  "onepassword-token",
  "stripe-key",
  "google-api-key",
  "gitlab-token",
  "huggingface-token",
  "azure-key",
  "password",
  "secret", // fallback for a secretlint rule this map does not know yet
] as const;
export type SecretRule = (typeof SECRET_RULES)[number];

/** How a secretlint match is narrowed down to the secret value itself. */
export type Narrowing = "userinfo-password" | "slack-webhook-path";

type RuleMapping = { rule: SecretRule; narrow?: Narrowing };

const SL = "@secretlint/secretlint-rule-";

/**
 * THE map from secretlint rule ids (optionally `#messageId`) to short names.
 * A `#messageId` entry wins over the bare rule id.
 */
export const SECRETLINT_RULE_MAP: Readonly<Record<string, RuleMapping>> = {
  [`${SL}aws#AWSAccessKeyID`]: { rule: "aws-access-key" },
  [`${SL}aws#AWSSecretAccessKey`]: { rule: "aws-secret-key" },
  [`${SL}aws`]: { rule: "aws-secret-key" },
  [`${SL}github`]: { rule: "github-token" },
  [`${SL}openai`]: { rule: "openai-key" },
  [`${SL}anthropic`]: { rule: "anthropic-key" },
  [`${SL}privatekey`]: { rule: "private-key" },
  [`${SL}database-connection-string`]: { rule: "connection-string-password", narrow: "userinfo-password" },
  [`${SL}basicauth`]: { rule: "basic-auth-password", narrow: "userinfo-password" },
  [`${SL}slack#IncomingWebhook`]: { rule: "slack-webhook", narrow: "slack-webhook-path" },
  [`${SL}slack`]: { rule: "slack-token" },
  [`${SL}npm#PackageJSON_xOauthToken`]: { rule: "github-token" },
  [`${SL}npm`]: { rule: "npm-token" },
  [`${SL}sendgrid`]: { rule: "sendgrid-key" },
  [`${SL}shopify`]: { rule: "shopify-token" },
  [`${SL}linear`]: { rule: "linear-key" },
  [`${SL}1password`]: { rule: "onepassword-token" },
};

/**
 * Preset rules Cairn does not run: `gcp` only fires on .json/.p12 files and
 * reports the whole file (its private key is caught by `private-key` anyway);
 * `filter-comments` would let a `secretlint-disable` comment inside an agent's
 * checkpoint hide a leak.
 */
export const EXCLUDED_SECRETLINT_RULES: ReadonlySet<string> = new Set([`${SL}gcp`, `${SL}filter-comments`]);

export function mapSecretlintRule(ruleId: string, messageId: string): RuleMapping {
  return SECRETLINT_RULE_MAP[`${ruleId}#${messageId}`] ?? SECRETLINT_RULE_MAP[ruleId] ?? { rule: "secret" };
}

/** When findings overlap, the merged span takes the rule with the highest priority. */
export function rulePriority(rule: SecretRule): number {
  switch (rule) {
    case "bearer-token":
      return 0;
    case "secret":
      return 1;
    case "basic-auth-password":
    case "connection-string-password":
    case "password":
      return 2;
    case "jwt":
      return 3;
    default:
      return 4;
  }
}

// ---------------------------------------------------------------- placeholders

/** Markers of templates, masks and "fill me in" values (tested on the value only). */
const PLACEHOLDER_HINT =
  /^[<{[(%]|\$\{|\{\{|%[A-Za-z_]+%|[<>]|&lt;|&gt;|\.\.\.|\u2026|\*\*\*|x{4,}|redacted|your|changeme|change[-_]me|example|placeholder|replace[-_]?(?:me|with)|dummy|fake|[-_]here(?![a-z])/i;

/** `$PASSWORD`, `$db_pass` (but not a password that merely starts with `$`, like `$ecretP4ss`). */
const VARIABLE_LIKE = /^\$(?:[A-Z_][A-Z0-9_]*|[a-z_][a-z0-9_]*)$/;

/** Passwords that are words, not secrets. */
const PLACEHOLDER_PASSWORDS = new Set([
  "password", "passwd", "pass", "pwd", "secret", "changeme", "admin", "root", "user", "username",
  "test", "default", "mypassword", "letmein", "null", "none", "empty", "todo", "tbd",
]);

/** True when one alphanumeric character makes up more than half of the value (`AAAA…`, `0000…`). */
function lowDiversity(value: string): boolean {
  const counts = new Map<number, number>();
  let total = 0;
  let max = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    const alnum = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
    if (!alnum) continue;
    total++;
    const n = (counts.get(c) ?? 0) + 1;
    counts.set(c, n);
    if (n > max) max = n;
  }
  return total > 0 && max / total > 0.5;
}

/** A PEM block is real when its body is plain base64 of a plausible length. */
function pemLooksReal(block: string): boolean {
  const body = block
    .replace(/-----(?:BEGIN|END)[^-\r\n]*-----/g, "")
    .replace(/\\[nrt]/g, "\n")
    .replace(/^[A-Za-z-]+:.*$/gm, "") // Proc-Type:, DEK-Info:, Comment:, Version:
    .replace(/\s+/g, "");
  return /^[A-Za-z0-9+/=]{40,}$/.test(body) && !/redacted|example|x{8,}/i.test(body) && !lowDiversity(body);
}

/** Is `value` (the exact span that would be redacted) a placeholder rather than a secret? */
export function isPlaceholder(value: string, rule: SecretRule): boolean {
  if (rule === "private-key") return !pemLooksReal(value);
  if (value.length === 0 || PLACEHOLDER_HINT.test(value) || VARIABLE_LIKE.test(value)) return true;
  if (lowDiversity(value)) return true;
  if (rule === "connection-string-password" || rule === "basic-auth-password") {
    return value.length < 4 || PLACEHOLDER_PASSWORDS.has(value.toLowerCase());
  }
  return false;
}

/** `Bearer <token>`: the token must look random, not like a word (`Bearer authentication_handler`). */
function looksRandom(value: string): boolean {
  const digit = /[0-9]/.test(value);
  const lower = /[a-z]/.test(value);
  const upper = /[A-Z]/.test(value);
  return (digit && (lower || upper)) || (lower && upper && value.length >= 32);
}

// ---------------------------------------------------------------- own patterns

export type OwnPattern = {
  rule: SecretRule;
  /** Global + `d` (indices) flags; the secret is the named group `v`, else the whole match. */
  re: RegExp;
  /** Extra rule-specific acceptance test on the value (after the placeholder test). */
  accept?: (value: string) => boolean;
};

/** A value written after `password:`: a secret unless it is a word, a reference or a placeholder. */
function looksLikePassword(value: string): boolean {
  if (value.length < 6 || value.length > 128) return false;
  if (value.includes("://")) return false; // a URL: its password, if any, is the connection-string rule's
  if (PLACEHOLDER_PASSWORDS.has(value.toLowerCase())) return false;
  if (/^(?:true|false|null|none|nil|undefined|required|optional|missing|unset|empty|hidden|masked|secret|n\/a)$/i.test(value)) return false;
  // an environment or config reference, a path, a URL or a code identifier, not a value
  if (/^(?:process\.env|os\.environ|env\.|ENV\[|import\.meta|settings\.|config\.|secrets\.|vault:|op:\/\/|https?:|\/)/i.test(value)) return false;
  if (/^[a-z]+(?:[A-Z][a-z]+)+$/.test(value) || /^[a-z_]+\(\)?$/.test(value)) return false; // camelCase, snake_case()
  // a plain lower-case word of dictionary length is prose ("password: required", "token: rotated")
  if (/^[a-z]+$/.test(value) && value.length < 12) return false;
  return true;
}

/** The keys that introduce a password-like value on a line (`password: x`, `DB_PASSWORD=x`, `"api_key": "x"`). */
const PASSWORD_KEY =
  "(?:password|passwd|passphrase|pwd|db_?pass(?:word)?|client_?secret|secret_?key|app_?secret|api_?secret|api_?key|access_?token|auth_?token|private_?token)";

/** Patterns for what the recommended preset lacks or misses (it wants exact lengths / markers). */
export const OWN_PATTERNS: readonly OwnPattern[] = [
  { rule: "github-token", re: /(?<![A-Za-z0-9_])gh[pousr]_[A-Za-z0-9]{30,}(?![A-Za-z0-9_])/dg },
  { rule: "github-token", re: /(?<![A-Za-z0-9_])github_pat_[A-Za-z0-9_]{30,}(?![A-Za-z0-9_])/dg },
  { rule: "anthropic-key", re: /(?<![A-Za-z0-9_-])sk-ant-[A-Za-z0-9_-]{24,}(?![A-Za-z0-9_-])/dg },
  { rule: "openai-key", re: /(?<![A-Za-z0-9_-])sk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{20,}(?![A-Za-z0-9_-])/dg },
  { rule: "openai-key", re: /(?<![A-Za-z0-9_-])sk-[A-Za-z0-9]{32,}(?![A-Za-z0-9_-])/dg },
  { rule: "jwt", re: /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{16,}(?![A-Za-z0-9_-])/dg },
  {
    rule: "bearer-token",
    re: /(?<![A-Za-z0-9])bearer[ \t]+(?<v>[A-Za-z0-9\-._~+/]{20,}=*)(?![A-Za-z0-9\-._~+/=])/dgi,
    accept: looksRandom,
  },
  {
    rule: "private-key",
    re: /-----BEGIN ?[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----[\s\S]{0,16384}?-----END ?[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----/dg,
  },
  {
    // a block truncated before its END line (agents cut long output): header + base64 lines
    rule: "private-key",
    re: /-----BEGIN ?[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----(?:(?:\r?\n|\\n)[A-Za-z0-9+/=]{16,})+/dg,
  },
  // Stripe secret and restricted keys, webhook signing secrets (publishable pk_ keys are public)
  { rule: "stripe-key", re: /(?<![A-Za-z0-9_])(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{20,}(?![A-Za-z0-9_])/dg },
  { rule: "stripe-key", re: /(?<![A-Za-z0-9_])whsec_[A-Za-z0-9]{24,}(?![A-Za-z0-9_])/dg },
  // Google API keys and OAuth client secrets
  { rule: "google-api-key", re: /(?<![A-Za-z0-9_-])AIza[0-9A-Za-z_-]{35}(?![A-Za-z0-9_-])/dg },
  { rule: "google-api-key", re: /(?<![A-Za-z0-9_-])GOCSPX-[A-Za-z0-9_-]{24,}(?![A-Za-z0-9_-])/dg },
  // GitLab personal, deploy, runner, trigger, CI job, OAuth and feed tokens; runner registration tokens
  {
    rule: "gitlab-token",
    re: /(?<![A-Za-z0-9_-])gl(?:pat|dt|rt|ptt|cbt|soat|oas|ft|imt|agent|feed|ddt|wt)-[A-Za-z0-9_-]{20,}(?![A-Za-z0-9_-])/dg,
  },
  { rule: "gitlab-token", re: /(?<![A-Za-z0-9_-])GR1348941[A-Za-z0-9_-]{20,}(?![A-Za-z0-9_-])/dg },
  // Hugging Face user and organisation tokens
  { rule: "huggingface-token", re: /(?<![A-Za-z0-9_])(?:hf_|api_org_)[A-Za-z0-9]{30,}(?![A-Za-z0-9_])/dg },
  // Azure: storage / Service Bus / Event Hubs keys in connection strings, SAS signatures, Entra ID client secrets
  {
    rule: "azure-key",
    re: /(?<![A-Za-z0-9])(?:AccountKey|SharedAccessKey|AccessKey|PrimaryKey|SecondaryKey)=(?<v>[A-Za-z0-9+/]{20,}={0,2})/dg,
  },
  { rule: "azure-key", re: /[?&]sig=(?<v>[A-Za-z0-9%+/]{30,}={0,2})/dg, accept: looksRandom },
  { rule: "azure-key", re: /(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.-]{3}\dQ~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])/dg },
  // `password: value` lines (YAML, .env, JSON, Markdown labels): the value alone
  {
    rule: "password",
    re: new RegExp(
      `(?<![A-Za-z0-9])${PASSWORD_KEY}["'*_\\]*[ \\t]*(?:[:=]|:=|=>)[ \\t]*["'\`]?(?<v>[^\\s"'\`,;]{1,200})`,
      "dgim",
    ),
    accept: looksLikePassword,
  },
  {
    rule: "connection-string-password",
    re: /\b(?:postgres(?:ql)?|mysqlx?|mariadb|mongodb(?:\+srv)?|rediss?|amqps?|mssql|sqlserver|cockroachdb|clickhouse)(?:\+[a-z0-9]+)?:\/\/[^\s:/@]{0,128}:(?<v>[^\s@/]{1,256})@(?=[^\s/@])/dgi,
  },
];

// ---------------------------------------------------------------- pre-filter

/**
 * Every secretlint preset rule Cairn runs needs one of these substrings, so a
 * text matching neither cannot produce a secretlint finding.
 */
const SECRETLINT_TRIGGER =
  /(?:A3T[A-Z0-9]|AKIA|ASIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA)[A-Z0-9]{16}|xox[bpaor]-|xapp-|npm_|_authToken|SG\.|shp(?:pa|ca|at|ss)_|gh[pousr]_|github_pat_|sk-(?:proj-|svcacct-|admin-|ant-|[A-Za-z0-9]{20})|lin_api_|PRIVATE KEY|ops_ey|:\/\/[^\s/@]+@/;
const SECRETLINT_TRIGGER_CI = /secret_?access_?key|hooks\.slack\.com/i;

/** Same guarantee for OWN_PATTERNS. */
const OWN_TRIGGER =
  /gh[pousr]_|github_pat_|sk-(?:proj-|svcacct-|admin-|ant-|[A-Za-z0-9]{20})|eyJ|PRIVATE KEY|:\/\/[^\s/@]+@|[sr]k_(?:live|test)_|whsec_|AIza|GOCSPX-|gl[a-z]{1,5}-|GR1348941|hf_|api_org_|Key=|sig=|\dQ~/;
const OWN_TRIGGER_CI = /bearer|(?:pass|pwd|secret|api_?key|token)\w*["'*_\\ \t]*[:=]/i;

/**
 * What each secretlint rule Cairn runs needs in a text to report anything, read from the rules' own expressions
 * (@secretlint/secretlint-rule-preset-recommend 11): a text that passes needsSecretlint is linted by the rules
 * whose needs it meets, not by all of them (their messages are the same: a rule left out could report nothing).
 * AWS account IDs need no entry: those messages are allowed (dropped) anyway. A rule without an entry always runs.
 */
export const SECRETLINT_RULE_NEEDS: Readonly<Record<string, RegExp>> = {
  [`${SL}aws`]: /(?:A3T[A-Z0-9]|AKIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ASIA)[A-Z0-9]{16}|secret_?access_?key/i,
  [`${SL}privatekey`]: /PRIVATE KEY/,
  [`${SL}npm`]: /npm_|_authToken=|:x-oauth-basic@github/,
  [`${SL}basicauth`]: /:\/\/[^\s/@]+@/,
  [`${SL}slack`]: /xox[bpaor]-|xapp-|hooks\.slack\.com/i,
  [`${SL}sendgrid`]: /SG\./,
  [`${SL}shopify`]: /shp(?:pa|ca|at|ss)_/,
  [`${SL}github`]: /gh[pousr]_|github_pat_/,
  [`${SL}openai`]: /sk-/,
  [`${SL}anthropic`]: /sk-ant-/,
  [`${SL}linear`]: /lin_api_/,
  [`${SL}1password`]: /ops_ey/,
  // a user name may hold an `@`: only whitespace or a slash ends the credentials
  [`${SL}database-connection-string`]: /:\/\/[^\s/]+@/,
};

export function needsSecretlint(text: string): boolean {
  return SECRETLINT_TRIGGER.test(text) || SECRETLINT_TRIGGER_CI.test(text);
}

export function needsOwnPatterns(text: string): boolean {
  return OWN_TRIGGER.test(text) || OWN_TRIGGER_CI.test(text);
}
