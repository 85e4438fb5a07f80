import { describe, expect, it } from "vitest";
import { lintSource } from "@secretlint/core";
import { rules as presetRules } from "@secretlint/secretlint-rule-preset-recommend";
import { SECRETLINT_CONFIG, scanSecrets, secretlintConfigFor } from "./secrets";
import { EXCLUDED_SECRETLINT_RULES, OWN_PATTERNS, SECRETLINT_RULE_MAP, SECRETLINT_RULE_NEEDS, needsOwnPatterns, needsSecretlint } from "./secret-patterns";
import { ALNUM, fake } from "../../tests/support/fake-secrets";

const B64URL = ALNUM + "-_";
const UPPER_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

const jwt = ["eyJ" + "hbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9", "eyJ" + "zdWIiOiJjYWlybiIsImlhdCI6MTcwMDAwMDAwMH0", fake(43, 3, B64URL)].join(".");
const pemBody = ["MII" + fake(61, 4, ALNUM + "+/"), fake(64, 5, ALNUM + "+/"), fake(48, 6, ALNUM + "+/") + "=="];
const pem = ["-----BEGIN " + "RSA PRIVATE KEY-----", ...pemBody, "-----END " + "RSA PRIVATE KEY-----"].join("\n");
// 1Password service-account token: base64 of a JSON object whose length leaves the final "}" alone ("fQ==").
const opsJson = [0, 1, 2]
  .map((k) => JSON.stringify({ email: "bot@1passwordserviceaccounts.lcl", secretKey: fake(40, 7), srpX: fake(64 + k, 8) }))
  .find((json) => json.length % 3 === 1);
const opsToken = "ops_" + Buffer.from(opsJson ?? "").toString("base64");

type Case = { name: string; rule: string; snippet: string; value?: string };
const CASES: Case[] = [
  { name: "AWS access key id", rule: "aws-access-key", snippet: "AKIA" + fake(16, 10, UPPER_DIGITS) },
  { name: "AWS secret access key", rule: "aws-secret-key", snippet: "AWS_SECRET_ACCESS_KEY=" + fake(40, 11), value: fake(40, 11) },
  { name: "GitHub classic token", rule: "github-token", snippet: "ghp_" + fake(36, 12) },
  { name: "GitHub server token", rule: "github-token", snippet: "ghs_" + fake(36, 13) },
  { name: "GitHub fine-grained token", rule: "github-token", snippet: "github_pat_" + fake(22, 14) + "_" + fake(59, 15) },
  { name: "GitHub fine-grained token (odd length)", rule: "github-token", snippet: "github_pat_" + fake(40, 16) },
  { name: "Slack bot token", rule: "slack-token", snippet: "xoxb-" + "2345678901-3456789012345-" + fake(24, 17) },
  { name: "Slack webhook", rule: "slack-webhook", snippet: "https://hooks.slack.com/services/T" + fake(8, 18) + "/B" + fake(8, 19) + "/" + fake(24, 20), value: "T" + fake(8, 18) + "/B" + fake(8, 19) + "/" + fake(24, 20) },
  { name: "JWT", rule: "jwt", snippet: jwt },
  { name: "Bearer opaque token", rule: "bearer-token", snippet: "Authorization: Bearer " + fake(40, 21, B64URL + "."), value: fake(40, 21, B64URL + ".") },
  { name: "Bearer JWT is a jwt", rule: "jwt", snippet: "Authorization: Bearer " + jwt, value: jwt },
  { name: "PEM private key", rule: "private-key", snippet: pem },
  { name: "PEM private key, JSON-escaped", rule: "private-key", snippet: '"' + pem.replaceAll("\n", "\\n") + '"', value: pem.replaceAll("\n", "\\n") },
  { name: "postgres password", rule: "connection-string-password", snippet: "postgres://app:S3cr3tPassw0rd@db.local:5432/x", value: "S3cr3tPassw0rd" },
  { name: "mysql password", rule: "connection-string-password", snippet: "mysql://app:" + fake(16, 22) + "@db:3306/x", value: fake(16, 22) },
  { name: "mongodb+srv password", rule: "connection-string-password", snippet: "mongodb+srv://app:" + fake(16, 23) + "@c0.mongodb.net/x", value: fake(16, 23) },
  { name: "redis password", rule: "connection-string-password", snippet: "redis://:" + fake(20, 24) + "@cache:6379", value: fake(20, 24) },
  { name: "amqp password", rule: "connection-string-password", snippet: "amqp://app:" + fake(14, 25) + "@mq:5672/vh", value: fake(14, 25) },
  { name: "basic auth password", rule: "basic-auth-password", snippet: "https://deploy:" + fake(14, 26) + "@git.corp.net/repo", value: fake(14, 26) },
  { name: "Anthropic key (preset shape)", rule: "anthropic-key", snippet: "sk-ant-api03-" + fake(93, 27, B64URL) + "AA" },
  { name: "Anthropic key (other shape)", rule: "anthropic-key", snippet: "sk-ant-api03-" + fake(40, 28, B64URL) },
  { name: "OpenAI project key (preset shape)", rule: "openai-key", snippet: "sk-proj-" + fake(74, 29) + "T3Blbk" + "FJ" + fake(74, 30) },
  { name: "OpenAI project key (other shape)", rule: "openai-key", snippet: "sk-proj-" + fake(48, 31, B64URL) },
  { name: "OpenAI legacy key", rule: "openai-key", snippet: "sk-" + fake(48, 32) },
  { name: "npm token", rule: "npm-token", snippet: "npm_" + fake(36, 33) },
  { name: "SendGrid key", rule: "sendgrid-key", snippet: "SG." + fake(22, 34) + "." + fake(43, 35) },
  { name: "Shopify token", rule: "shopify-token", snippet: "shpat_" + fake(32, 36) },
  { name: "Linear key", rule: "linear-key", snippet: "lin_api_" + fake(40, 37) },
  { name: "1Password service account token", rule: "onepassword-token", snippet: opsToken },
];

const BEFORE = "Some words before ";
const AFTER = " and after.";

describe("scanSecrets: one planted secret per rule", () => {
  it.each(CASES)("$name → $rule", async ({ rule, snippet, value = snippet }) => {
    const text = `# Checkpoint\n\n${BEFORE}${snippet}${AFTER}\nDone.\n`;
    const { findings, redacted } = await scanSecrets(text);
    const start = text.indexOf(value);
    expect(findings).toEqual([{ rule, line: 3, column: BEFORE.length + snippet.indexOf(value) + 1, start, end: start + value.length }]);
    expect(redacted).toBe(text.slice(0, start) + `[REDACTED:${rule}]` + text.slice(start + value.length));
    expect(redacted).not.toContain(value);
    expect(redacted).toContain(BEFORE);
    expect(redacted).toContain(AFTER);
    expect((await scanSecrets(redacted)).findings).toEqual([]);
  });
});

const placeholders = [
  "DATABASE_URL=postgres://app:${PASSWORD}@db:5432/x",
  "DATABASE_URL=postgres://app:$PASSWORD@db:5432/x",
  "DATABASE_URL=postgres://app:<password>@db:5432/x",
  "DATABASE_URL=postgres://app:&lt;password&gt;@db:5432/x",
  "mysql://root:xxxx@db/app and mysql://root:XXXXXXXXXX@db/app",
  "mongodb+srv://app:****@c0.mongodb.net/x",
  "postgres://app:changeme@db/x postgres://app:password@db/x redis://:example@cache:6379",
  "postgres://app:[REDACTED:connection-string-password]@db/x",
  "postgres://app:{REDACTED: db password}@db/x",
  "OPENAI_API_KEY={REDACTED: openai key}",
  "OPENAI_API_KEY=your-api-key-here",
  "use sk-... or sk-proj-... or sk-ant-api03-... keys",
  "sk-proj-" + "x".repeat(40) + " and sk-proj-YOUR_KEY_" + fake(24, 40),
  "sk-" + "*".repeat(48),
  "ghp_" + "X".repeat(36) + " and ghp_" + "A".repeat(36) + " and github_pat_" + "x".repeat(82),
  "AKIA" + "X".repeat(16) + " and AKIA" + "IOSFODNN7" + "EXAMPLE",
  "AWS_SECRET_ACCESS_KEY=" + "0".repeat(40),
  "Authorization: Bearer <token>",
  "Authorization: Bearer ${TOKEN} / Bearer $ACCESS_TOKEN / Bearer {{token}}",
  "Authorization: Bearer your-access-token-goes-here",
  "Authorization: Bearer " + "*".repeat(32),
  "Authorization: Bearer [REDACTED:bearer-token]",
  "the Bearer authentication_middleware_handler reads tokens",
  "-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----",
  "-----BEGIN RSA PRIVATE KEY-----\n<your key here>\n-----END RSA PRIVATE KEY-----",
  "-----BEGIN EC PRIVATE KEY-----\nMII" + "A".repeat(120) + "\n-----END EC PRIVATE KEY-----",
  "token: eyJhbGciOi...  and eyJ" + "x".repeat(20) + "." + "x".repeat(20) + "." + "x".repeat(20),
  "[REDACTED:jwt] [REDACTED] [REDACTED:foo] {REDACTED: openai key} ****",
  "xoxb-your-token-here",
];

describe("scanSecrets: placeholders are not findings", () => {
  it.each(placeholders)("%s", async (text) => {
    const result = await scanSecrets(`Before ${text} after`);
    expect(result.findings).toEqual([]);
    expect(result.redacted).toBe(`Before ${text} after`);
  });

  it("ignores ordinary prose that mentions secret-ish words", async () => {
    const prose = "Fixed the task-list bug. Bearer tokens are validated. See https://example.com/docs and the PRIVATE KEY section. A JWT starts with eyJ.";
    expect((await scanSecrets(prose)).findings).toEqual([]);
  });
});

describe("scanSecrets: documents", () => {
  const doc = CASES.map((c, i) => `${i + 1}. ${c.name}: ${c.snippet} (end)`).join("\n");

  it("finds every planted secret in one document and re-scans its redaction to zero", async () => {
    const { findings, redacted } = await scanSecrets(doc);
    let cursor = 0;
    const expected = CASES.map((c) => {
      cursor = doc.indexOf(c.snippet, cursor);
      const start = cursor + c.snippet.indexOf(c.value ?? c.snippet);
      return { rule: c.rule, line: doc.slice(0, start).split("\n").length, start };
    });
    expect(findings.map(({ rule, line, start }) => ({ rule, line, start }))).toEqual(expected);
    for (const c of CASES) expect(redacted).not.toContain(c.value ?? c.snippet);
    expect((await scanSecrets(redacted)).findings).toEqual([]);
  });

  it("keeps line and column right with CRLF line endings (and a lone CR)", async () => {
    const lf = await scanSecrets(doc);
    const crlfText = doc.replaceAll("\n", "\r\n");
    const crlf = await scanSecrets(crlfText);
    expect(crlf.findings.map((f) => [f.rule, f.line, f.column])).toEqual(lf.findings.map((f) => [f.rule, f.line, f.column]));
    for (const f of crlf.findings) expect(crlfText.slice(f.start, f.end)).not.toMatch(/^\s|\s$/);
    const cr = await scanSecrets("a\rb\r\nc " + "ghp_" + fake(36, 50));
    expect(cr.findings[0]).toMatchObject({ line: 3, column: 3 });
  });

  it("accounts for a leading byte-order mark in offsets", async () => {
    const token = "xoxb-" + "2345678901-3456789012345-" + fake(24, 51);
    const text = "\uFEFFtoken " + token;
    const { findings } = await scanSecrets(text);
    expect(findings).toHaveLength(1);
    expect(text.slice(findings[0].start, findings[0].end)).toBe(token);
  });

  it("merges overlapping findings into one with the most specific rule", async () => {
    const key = "sk-proj-" + fake(74, 52) + "T3Blbk" + "FJ" + fake(74, 53);
    const { findings, redacted } = await scanSecrets(`curl -H "Authorization: Bearer ${key}" api`);
    expect(findings.map((f) => f.rule)).toEqual(["openai-key"]);
    expect(redacted).toBe('curl -H "Authorization: Bearer [REDACTED:openai-key]" api');
  });

  it("is not silenced by a secretlint-disable comment in the document", async () => {
    const text = "<!-- secretlint-disable -->\nnpm_" + fake(36, 54) + "\n<!-- secretlint-enable -->";
    expect((await scanSecrets(text)).findings.map((f) => f.rule)).toEqual(["npm-token"]);
  });

  it("handles HTML checkpoints", async () => {
    const text = `<p>Use <code>postgres://app:${fake(12, 55)}@db/x</code> now</p>`;
    const { findings, redacted } = await scanSecrets(text, "checkpoint.html");
    expect(findings.map((f) => f.rule)).toEqual(["connection-string-password"]);
    expect(redacted).toBe("<p>Use <code>postgres://app:[REDACTED:connection-string-password]@db/x</code> now</p>");
  });

  it("handles an empty text", async () => {
    expect(await scanSecrets("")).toEqual({ findings: [], redacted: "" });
  });

  it("handles a 2 MB text", async () => {
    const filler = "Refactored the indexer; see https://github.com/acme/cairn/pull/42 for details.\n";
    const body = filler.repeat(Math.ceil((2 * 1024 * 1024) / filler.length));
    const lineCount = body.split("\n").length;
    const token = "ghp_" + fake(36, 56);
    const text = `${body}token ${token}\n`;
    const { findings, redacted } = await scanSecrets(text);
    expect(text.length).toBeGreaterThan(2 * 1024 * 1024);
    expect(findings).toEqual([{ rule: "github-token", line: lineCount, column: 7, start: body.length + 6, end: body.length + 6 + token.length }]);
    expect(redacted.length).toBe(text.length - token.length + "[REDACTED:github-token]".length);
  });
});

describe("pre-filter", () => {
  const texts = [...CASES.map((c) => `a ${c.snippet} b`), ...placeholders, "task-list, risk-free, ssh://git@host/x"];
  it.each(texts.map((text, i) => [i, text]))("never hides a raw match (%i)", async (_, text) => {
    const lint = await lintSource({
      source: { filePath: "d.md", content: text, ext: ".md", contentType: "text" },
      options: { config: SECRETLINT_CONFIG, noPhysicFilePath: true },
    });
    if (lint.messages.length > 0) expect(needsSecretlint(text)).toBe(true);
    if (OWN_PATTERNS.some((p) => [...text.matchAll(p.re)].length > 0)) expect(needsOwnPatterns(text)).toBe(true);
  });

  it.each(texts.map((text, i) => [i, text]))("runs every secretlint rule that reports something (%i)", async (_, text) => {
    for (const rule of SECRETLINT_CONFIG.rules) {
      const alone = await lintSource({
        source: { filePath: "d.md", content: text, ext: ".md", contentType: "text" },
        options: { config: { ...SECRETLINT_CONFIG, rules: [rule] }, noPhysicFilePath: true },
      });
      if (alone.messages.length > 0) expect(secretlintConfigFor(text)?.rules.map((r) => r.id) ?? []).toContain(rule.id);
    }
  });

  it("knows what every secretlint rule it runs needs (a new rule in the preset is read before it is left out)", () => {
    expect(SECRETLINT_CONFIG.rules.map((rule) => rule.id).filter((id) => !SECRETLINT_RULE_NEEDS[id])).toEqual([]);
  });

  it("lets ordinary prose through without running the scanners", () => {
    const prose = "Fixed the task-list bug; risk-free. See https://github.com/acme/cairn/pull/42.";
    expect(needsSecretlint(prose) || needsOwnPatterns(prose)).toBe(false);
  });
});

describe("secretlint rule map", () => {
  it("names every preset rule Cairn runs", () => {
    const ids = presetRules.map((r) => r.meta.id).filter((id) => !EXCLUDED_SECRETLINT_RULES.has(id));
    for (const id of ids) expect(SECRETLINT_RULE_MAP[id], id).toBeDefined();
  });
});
