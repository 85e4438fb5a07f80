/**
 * Repositories for the security tests: one leaking a secret of every rule, one hostile to git and to
 * the file reader, one full of XSS payloads.
 */
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { commitAll, git, initRepo, writeFiles } from "../../../scripts/fixtures/git";
import * as family from "../../../scripts/fixtures/families";
import { PLACEHOLDER_LINES, plantSecrets, type PlantedSecret } from "./planted";
import { XSS_HTML, XSS_MARKDOWN } from "./xss";

const SAVED = new Date("2026-11-20T10:15:00Z");
const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function facts(over: Partial<family.SaveFacts>): family.SaveFacts {
  return {
    title: "Deploy the billing service",
    slug: "deploy-billing",
    branch: "main",
    headSha: "",
    savedAt: SAVED,
    status: "in-progress",
    tasks: [
      { text: "rotate the staging keys", done: false },
      { text: "write the runbook", done: true },
    ],
    keyFiles: ["src/app.ts"],
    decision: "Keep the deploy script in the repository",
    gotcha: "The staging database resets nightly",
    ...over,
  };
}

/** A word that appears next to every planted secret, so that a search finds their snippets. */
export const SEARCH_WORD = "zebracornium";

export interface LeakyRepo {
  path: string;
  secrets: PlantedSecret[];
  /** A token written into the Markdown checkpoint's title (so that titles, lists and the CLI show a redaction). */
  titleSecret: string;
  /** A token in the subject of the commit that saved the checkpoints (the save timeline shows subjects). */
  commitSecret: string;
  htmlPath: string;
  markdownPath: string;
  placeholdersPath: string;
}

export function buildLeakyRepo(root: string): LeakyRepo {
  const path = join(root, "leaky");
  initRepo(path);
  writeFiles(path, { "src/app.ts": "export {};\n" });
  const sha = commitAll(path, "feat: start", SAVED);
  const secrets = plantSecrets();
  const html = facts({
    headSha: sha,
    extraHtml: `  <h2 id="secrets">Environment (${SEARCH_WORD})</h2>\n  <pre>\n${secrets.map((s) => `${SEARCH_WORD} ${escapeHtml(s.line)}`).join("\n")}\n  </pre>`,
  });
  const titleSecret = `ghp_${randomBytes(27).toString("base64url").replace(/[-_]/g, "x")}`;
  const md = facts({ title: `Markdown leak ${titleSecret}`, slug: "markdown-leak", savedAt: new Date(SAVED.getTime() - 3_600_000) });
  const htmlPath = family.htmlCheckpointPath(html);
  const markdownPath = ".claude/checkpoints/markdown-leak.md";
  const placeholdersPath = ".claude/checkpoints/placeholders.md";
  writeFiles(path, {
    [htmlPath]: family.htmlCheckpoint(html),
    [markdownPath]: `${family.frontmatterCheckpoint(md)}\n## Environment\n\n${secrets.map((s) => `${SEARCH_WORD} ${s.line}`).join("\n\n")}\n`,
    [placeholdersPath]: `${family.frontmatterCheckpoint(facts({ title: "Placeholders only", slug: "placeholders" }))}\n## Environment\n\n${PLACEHOLDER_LINES.join("\n\n")}\n`,
  });
  // the agent commits its save, as RESUME briefings do: the diff since the save now holds the secrets too
  const commitSecret = `ghp_${randomBytes(27).toString("base64url").replace(/[-_]/g, "y")}`;
  commitAll(path, `chore(checkpoint): 2026-11-20 10:15 - deploy, token ${commitSecret}`, new Date(SAVED.getTime() + 300_000));
  return { path, secrets, titleSecret, commitSecret, htmlPath, markdownPath, placeholdersPath };
}

export interface HostileRepo {
  path: string;
  /** Must stay empty: every hostile command touches a file here. */
  markerDir: string;
  /** Where `--output=` would write. */
  outputPath: string;
  /** Text only reachable through symlinks out of the root: it must never be stored. */
  outsideSecretText: string;
}

/**
 * A repository whose `.git/config`, hooks and attributes name commands (each would touch a marker file),
 * whose checkpoint smuggles options into git through head_sha and branch, plus `---js` frontmatter,
 * symlinks out of the root, an oversized file and a binary one.
 */
export function buildHostileRepo(root: string, outside: string): HostileRepo {
  const path = join(root, "hostile");
  const markerDir = join(outside, "markers");
  const binDir = join(outside, "bin");
  mkdirSync(markerDir, { recursive: true });
  mkdirSync(binDir, { recursive: true });
  const evil = join(binDir, "evil.sh");
  writeFileSync(evil, `#!/bin/sh\ntouch "${markerDir}/$1"\ncat\n`);
  chmodSync(evil, 0o755);
  const cmd = (name: string) => `${evil} ${name}`;

  initRepo(path);
  writeFiles(path, { "src/app.ts": "export const a = 1;\n", ".gitattributes": "* diff=evil filter=evil merge=evil\n" });
  const sha = commitAll(path, "feat: start", SAVED);
  const config: [string, string][] = [
    ["core.fsmonitor", cmd("fsmonitor")],
    ["core.hooksPath", join(outside, "hooks")],
    ["core.pager", cmd("pager")],
    ["core.sshCommand", cmd("ssh")],
    ["core.askPass", cmd("askpass")],
    ["core.editor", cmd("editor")],
    ["core.alternateRefsCommand", cmd("alternate-refs")],
    ["diff.external", cmd("diff-external")],
    ["diff.evil.textconv", cmd("textconv")],
    ["diff.evil.command", cmd("diff-command")],
    ["filter.evil.clean", cmd("clean")],
    ["filter.evil.smudge", cmd("smudge")],
    ["filter.evil.process", cmd("filter-process")],
    ["merge.evil.driver", cmd("merge-driver")],
    ["credential.helper", `!${cmd("credential")}`],
    ["gpg.program", cmd("gpg")],
    ["log.showSignature", "true"],
    ["pager.log", cmd("pager-log")],
    ["pager.diff", cmd("pager-diff")],
    ["uploadpack.packObjectsHook", cmd("pack-objects-hook")],
    ["protocol.ext.allow", "always"],
    ["remote.origin.url", `ext::sh -c ${cmd("ext-remote")}`],
  ];
  for (const [key, value] of config) git(path, ["config", key, value]);
  const hooks = join(outside, "hooks");
  mkdirSync(hooks, { recursive: true });
  for (const hook of ["post-checkout", "post-index-change", "reference-transaction", "pre-auto-gc", "post-rewrite", "fsmonitor-watchman"]) {
    for (const dir of [hooks, join(path, ".git", "hooks")]) {
      writeFileSync(join(dir, hook), `#!/bin/sh\ntouch "${markerDir}/hook-${hook}"\n`);
      chmodSync(join(dir, hook), 0o755);
    }
  }

  const outputPath = join(tmpdir(), `cairn-sec-output-${randomBytes(6).toString("hex")}`);
  const outsideSecretText = `OUTSIDE${randomBytes(8).toString("hex")}`;
  writeFileSync(join(outside, "outside.md"), `# Checkpoint: outside\n\n${outsideSecretText}\n`);
  writeFileSync(join(outside, "sentinel.json"), JSON.stringify({ last_run_at: "2026-11-20T10:00:00Z", last_run_commit: outsideSecretText, last_run_laptop: outsideSecretText }));

  const injected = facts({ title: "Option injection", slug: "option-injection", headSha: `--output=${outputPath}`, branch: `--upload-pack=touch ${markerDir}/upload-pack` });
  const real = facts({ title: "Real save", slug: "real-save", headSha: sha, keyFiles: ["src/app.ts", "src/gone.ts"], savedAt: new Date(SAVED.getTime() - 60_000) });
  writeFiles(path, {
    [family.htmlCheckpointPath(injected)]: family.htmlCheckpoint(injected),
    [family.htmlCheckpointPath(real)]: family.htmlCheckpoint(real),
    ".claude/checkpoints/js-frontmatter.md": `---js\nrequire("fs").writeFileSync(${JSON.stringify(join(markerDir, "js-frontmatter"))}, "ran"); module.exports = { title: "pwned" };\n---\n\n# Checkpoint: JS frontmatter\n\n## Remaining Work\n- [ ] nothing\n`,
    ".claude/checkpoints/javascript-frontmatter.md": `---javascript\n(function(){ require("fs").writeFileSync(${JSON.stringify(join(markerDir, "javascript-frontmatter"))}, "ran") })()\n---\n\n# Checkpoint: JavaScript frontmatter\n`,
    ".claude/checkpoints/yaml-tags.md": `---\ntitle: !!js/function "function () { require('fs').writeFileSync(${JSON.stringify(join(markerDir, "yaml-js-tag"))}, 'ran') }"\nstatus: !!js/undefined ''\nbranch: main\n---\n\n# Checkpoint: YAML tags\n`,
    ".claude/checkpoints/huge.md": `# Checkpoint: huge\n\n${"x".repeat(3 * 1024 * 1024)}\n`,
    ".claude/checkpoints/binary.md": Buffer.concat([Buffer.from("# Checkpoint: binary\n\n"), Buffer.from([0, 1, 2, 0, 255])]),
    "src/app.ts": "export const a = 2;\n", // dirty: status and diff would run clean filters and textconv
  });
  symlinkSync(join(outside, "outside.md"), join(path, ".claude", "checkpoints", "escape.md"));
  writeFiles(path, { ".claude/last-session.md": "# Last session — 2026-11-20, 10:00 (UTC) (laptop: box) [checkpoint]\n\n## What we just did\n- things\n" });
  symlinkSync(join(outside, "sentinel.json"), join(path, ".claude", ".session-state.json"));
  return { path, markerDir, outputPath, outsideSecretText };
}

export function buildXssRepo(root: string): { path: string } {
  const path = join(root, "xss-lab");
  initRepo(path);
  writeFiles(path, { "src/app.ts": "export {};\n" });
  const sha = commitAll(path, "feat: start", SAVED);
  const html = facts({ title: `XSS <img src=x onerror="window.__xss_title=1">`, slug: "xss-html", headSha: sha, branch: `main"><script>window.__xss_branch=1</script>`, extraHtml: XSS_HTML });
  writeFiles(path, {
    [family.htmlCheckpointPath(html)]: family.htmlCheckpoint(html),
    ".claude/checkpoints/xss-markdown.md": XSS_MARKDOWN,
  });
  return { path };
}
