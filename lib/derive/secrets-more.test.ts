/** Token kinds the recommended preset lacks, `password: value` lines, and secrets hidden in HTML markup. */
import { describe, expect, it } from "vitest";
import { redactValue, scanSecrets } from "./secrets";

/** Built at run time so that no scanner sees a whole token in this file. */
const join = (...parts: string[]) => parts.join("");
const RANDOM = "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5cD7eF9gH1";

const KINDS: { name: string; rule: string; text: string; value: string }[] = [
  { name: "Stripe secret key", rule: "stripe-key", text: "", value: join("sk_", "live_", RANDOM.slice(0, 28)) },
  { name: "Stripe restricted key", rule: "stripe-key", text: "", value: join("rk_", "test_", RANDOM.slice(2, 30)) },
  { name: "Stripe webhook secret", rule: "stripe-key", text: "", value: join("whsec", "_", RANDOM.slice(0, 32)) },
  { name: "Google API key", rule: "google-api-key", text: "", value: join("AI", "za", "Sy", RANDOM.slice(0, 33)) },
  { name: "Google OAuth client secret", rule: "google-api-key", text: "", value: join("GOCSPX", "-", RANDOM.slice(0, 28)) },
  { name: "GitLab personal token", rule: "gitlab-token", text: "", value: join("gl", "pat-", RANDOM.slice(0, 20)) },
  { name: "GitLab runner token", rule: "gitlab-token", text: "", value: join("gl", "rt-", RANDOM.slice(0, 24)) },
  { name: "Hugging Face token", rule: "huggingface-token", text: "", value: join("hf", "_", RANDOM.slice(0, 34)) },
  { name: "Azure Entra client secret", rule: "azure-key", text: "", value: join("abc", "8Q~", RANDOM.slice(0, 34)) },
];

describe("token kinds beyond the recommended preset", () => {
  it.each(KINDS)("$name is found and redacted as $rule", async ({ rule, value }) => {
    const text = `Notes\n\nUse ${value} for the deploy.\n`;
    const { findings, redacted } = await scanSecrets(text);
    expect(findings.map((f) => f.rule)).toEqual([rule]);
    expect(redacted).toBe(`Notes\n\nUse [REDACTED:${rule}] for the deploy.\n`);
  });

  it("finds an Azure storage account key in a connection string, the key alone", async () => {
    const key = `${RANDOM}${RANDOM.slice(0, 41)}==`;
    const { redacted } = await scanSecrets(`AZURE=DefaultEndpointsProtocol=https;AccountName=acct;${join("Account", "Key=")}${key};EndpointSuffix=core.windows.net`);
    expect(redacted).toBe("AZURE=DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=[REDACTED:azure-key];EndpointSuffix=core.windows.net");
  });

  it("finds an Azure SAS signature", async () => {
    const { redacted } = await scanSecrets(`https://acct.blob.core.windows.net/c/b?sv=2022-11-02&${join("si", "g=")}${RANDOM}%3D`);
    expect(redacted).toContain("sig=[REDACTED:azure-key]");
  });

  it("leaves a Stripe publishable key alone (it is public)", async () => {
    expect((await scanSecrets(`pk_live_${RANDOM.slice(0, 28)}`)).findings).toEqual([]);
  });
});

describe("password: value lines", () => {
  it.each([
    ["password: hunter2x", "password: [REDACTED:password]"],
    ["- **Password**: Tr0ub4dor&3", "- **Password**: [REDACTED:password]"],
    ['DB_PASSWORD="s3cr3t-Passw0rd"', 'DB_PASSWORD="[REDACTED:password]"'],
    ['{"password": "correcthorsebatterystaple"}', '{"password": "[REDACTED:password]"}'],
    ["client_secret = 9f8e7d6c5b4a", "client_secret = [REDACTED:password]"],
  ])("%s", async (text, redacted) => {
    expect((await scanSecrets(text)).redacted).toBe(redacted);
  });

  it.each([
    "password: required",
    "Password: see the team vault",
    "password: ${DB_PASSWORD}",
    "api_key: process.env.STRIPE_KEY",
    "The password field must be validated.",
    "token: rotated",
    "password: <your password>",
    "postgres password: postgres://app:${PASSWORD}@db:5432/x",
    "- 7/7 test cases pass: unbounded-fuzz",
    "After curation pass: 12 buckets",
  ])("leaves %s alone", async (text) => {
    expect((await scanSecrets(text)).findings).toEqual([]);
  });
});

describe("secrets hidden in HTML markup", () => {
  const token = join("gh", "p_", RANDOM.slice(0, 36));
  const encoded = [...token].map((c) => `&#${c.charCodeAt(0)};`).join("");

  it("finds a token written with character references, and redacts the raw text", async () => {
    const { findings, redacted } = await scanSecrets(`<html><body><p>Key: ${encoded}</p></body></html>`, "c.html");
    expect(findings.map((f) => f.rule)).toEqual(["github-token"]);
    expect(redacted).not.toContain("&#");
    expect(redacted).toContain("[REDACTED:github-token]");
  });

  it("finds a token split by tags, keeping the text around it", async () => {
    const { redacted } = await scanSecrets(`<html><body><p>Key: ${token.slice(0, 9)}<span></span><b>${token.slice(9)}</b> and more</p></body></html>`, "c.html");
    expect(redacted).toBe("<html><body><p>Key: [REDACTED:github-token]</b> and more</p></body></html>");
  });

  it("finds a partly encoded token in a table cell and in an attribute", async () => {
    const cell = await scanSecrets(`<table><tr><td>cell</td><td>gh&#112;_${RANDOM.slice(0, 36)}</td></tr></table>`, "c.html");
    expect(cell.redacted).toBe("<table><tr><td>cell</td><td>[REDACTED:github-token]</td></tr></table>");
    const attribute = await scanSecrets(`<a title="${encoded}">x</a>`, "c.html");
    expect(attribute.findings.map((f) => f.rule)).toEqual(["github-token"]);
    expect(attribute.redacted).not.toContain("&#");
  });

  it("scans the raw bytes too (a token in a comment)", async () => {
    expect((await scanSecrets(`<!-- ${token} --><p>x</p>`, "c.html")).redacted).toBe("<!-- [REDACTED:github-token] --><p>x</p>");
  });

  it("leaves ordinary markup and entities alone", async () => {
    const html = "<p>Fish &amp; chips &mdash; <b>bold</b> <a href='https://x.test/?a=1&amp;b=2'>link</a></p>";
    expect(await scanSecrets(html, "c.html")).toEqual({ findings: [], redacted: html });
  });
});

describe("redactValue", () => {
  it("redacts a secret in a branch name or an author, and leaves others alone", async () => {
    expect(await redactValue(`feature/${token()}`)).toBe("feature/[REDACTED:github-token]");
    expect(await redactValue("Ana Silva")).toBe("Ana Silva");
  });
  function token() {
    return join("gh", "p_", RANDOM.slice(0, 36));
  }
});

describe("scanning hostile HTML", () => {
  it.each([
    ["a run of <", "<"],
    ["a run of &", "&"],
    ["unknown references", "&zz;"],
    ["empty tags", "<b></b>"],
  ])("of two megabytes of %s completes", async (_name, unit) => {
    const html = `<html><body>${unit.repeat(Math.floor((2 << 20) / unit.length))}</body></html>`;
    const { findings } = await scanSecrets(html, "hostile.html");
    expect(findings).toEqual([]);
  }, 60_000);
});
