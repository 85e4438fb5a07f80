/**
 * Secrets planted in test checkpoints: one per rule, random on every run (so that finding one in the
 * database can only mean it leaked there), shaped so the scanner must catch them.
 */
import { generateKeyPairSync, randomBytes } from "node:crypto";

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const UPPER32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function pick(alphabet: string, n: number): string {
  const bytes = randomBytes(n);
  let out = "";
  for (let i = 0; i < n; i++) out += alphabet[bytes[i] % alphabet.length];
  return out;
}

function b64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

export interface PlantedSecret {
  /** The rule name Cairn reports. */
  rule: string;
  /** The line written into the checkpoint. */
  line: string;
  /** The secret value: it must never reach the database, a page, the API or the CLI. */
  value: string;
  /** Extra fragments that must not leak either (e.g. the lines of a PEM body). */
  fragments: string[];
}

export function plantSecrets(): PlantedSecret[] {
  const aws = `AKIA${pick(UPPER32, 16)}`;
  const ghp = `ghp_${pick(ALNUM, 36)}`;
  const pat = `github_pat_${pick(ALNUM, 22)}_${pick(ALNUM, 59)}`;
  const openai = `sk-proj-${pick(ALNUM, 48)}`;
  const anthropic = `sk-ant-api03-${pick(ALNUM, 93)}AA`;
  const slack = `xoxb-${pick("0123456789", 12)}-${pick("0123456789", 13)}-${pick(ALNUM, 24)}`;
  const jwt = `${b64url({ alg: "HS256", typ: "JWT" })}.${b64url({ sub: pick(ALNUM, 12), name: "Ada", iat: 1_700_000_000 })}.${pick(ALNUM, 43)}`;
  const bearer = pick(ALNUM, 40);
  const pgPassword = `${pick(ALNUM, 18)}9q`;
  const pem = generateKeyPairSync("rsa", { modulusLength: 1024 }).privateKey.export({ type: "pkcs8", format: "pem" }).toString().trim();
  const pemBody = pem.split("\n").filter((l) => !l.startsWith("-----"));
  return [
    { rule: "aws-access-key", line: `AWS_ACCESS_KEY_ID=${aws}`, value: aws, fragments: [] },
    { rule: "github-token", line: `export GITHUB_TOKEN=${ghp}`, value: ghp, fragments: [] },
    { rule: "github-token", line: `token: ${pat}`, value: pat, fragments: [] },
    { rule: "openai-key", line: `OPENAI_API_KEY=${openai}`, value: openai, fragments: [] },
    { rule: "anthropic-key", line: `ANTHROPIC_API_KEY=${anthropic}`, value: anthropic, fragments: [] },
    { rule: "slack-token", line: `SLACK_BOT_TOKEN=${slack}`, value: slack, fragments: [] },
    { rule: "jwt", line: `session cookie was ${jwt}`, value: jwt, fragments: [jwt.split(".")[2]] },
    { rule: "bearer-token", line: `curl -H "Authorization: Bearer ${bearer}" https://api.example.com/v1/me`, value: bearer, fragments: [] },
    { rule: "private-key", line: pem, value: pem, fragments: pemBody.filter((l) => l.length >= 40) },
    {
      rule: "connection-string-password",
      line: `DATABASE_URL=postgres://app_user:${pgPassword}@db.internal:5432/app`,
      value: pgPassword,
      fragments: [],
    },
  ];
}

/** Values the scanner must leave alone (placeholders and already-redacted text). */
export const PLACEHOLDER_LINES = [
  "DATABASE_URL=postgres://app:${PASSWORD}@localhost:5432/app",
  "OPENAI_API_KEY=sk-proj-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
  "GITHUB_TOKEN=[REDACTED:github-token]",
  "Authorization: Bearer {REDACTED: bearer token}",
  "AWS_SECRET_ACCESS_KEY=[REDACTED]",
];
