// Per-document cost of scanSecrets on ~20 KB checkpoints: `npx vitest bench lib/derive/secrets --run`
import { bench, describe } from "vitest";
import { scanSecrets } from "./secrets";
import { fake } from "../../tests/support/fake-secrets";

const TARGET = 20 * 1024;

const SECTION = `## Progress

- [x] Parse the checkpoint front matter (see lib/parse/registry.ts)
- [ ] Wire the task-list into the dashboard; risk-free refactor of \`store.ts\`
- Reviewed https://github.com/acme/cairn/pull/42 and https://docs.example.org/guide#setup

\`\`\`ts
export function summarize(items: Item[]): Summary {
  return items.reduce((acc, item) => ({ ...acc, [item.id]: item.status }), {});
}
\`\`\`

Next: measure the indexer on 5,000 documents, then update the README and the changelog.

`;
function pad(text: string): string {
  let out = text;
  while (out.length < TARGET) out += SECTION;
  return out.slice(0, TARGET);
}

/** No secrets and nothing the pre-filter reacts to: the common case. */
const clean = pad("# Checkpoint 12\n\n");
/** No secrets, but words that make the pre-filter run every scanner (worst clean case). */
const triggering = pad(
  "# Checkpoint 13\n\nCloned ssh://git@github.com/acme/cairn.git. Bearer tokens and JWTs (eyJ...) are checked; the PRIVATE KEY stays in the vault.\n\n",
);
/** Five real-looking secrets spread through the document. */
const secrets = [
  "AKIA" + fake(16, 1).toUpperCase(),
  "ghp_" + fake(36, 2),
  "postgres://app:" + fake(14, 3) + "@db.local:5432/x",
  "Authorization: Bearer " + fake(40, 4),
  "sk-ant-api03-" + fake(60, 5),
];
const withSecrets = pad(secrets.map((s, i) => `${SECTION}Step ${i}: used ${s} here.\n\n`).join(""));

describe("scanSecrets on a 20 KB document", () => {
  bench("no secrets (pre-filter skips)", async () => {
    await scanSecrets(clean);
  });
  bench("no secrets (pre-filter triggered)", async () => {
    await scanSecrets(triggering);
  });
  bench("5 secrets", async () => {
    await scanSecrets(withSecrets);
  });
});
