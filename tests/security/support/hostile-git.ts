/**
 * Repositories whose own `.git/config` tries to make git run a command, one attack each. Every
 * command is a canary: `canary.sh NAME` creates `<markers>/NAME`, so the suite only has to check that
 * the markers folder stays empty whatever Cairn does with these repositories.
 */
import { chmodSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { commitAll, git, initRepo, writeFiles } from "../../../scripts/fixtures/git";
import * as family from "../../../scripts/fixtures/families";

const SAVED = new Date("2026-11-20T10:15:00Z");

export interface Canary {
  markerDir: string;
  /** A shell command line that touches `<markerDir>/<name>`. */
  command(name: string): string;
  /** The same as a program path (for config keys that take one program and no arguments). */
  program(name: string): string;
}

export function makeCanary(dir: string): Canary {
  const markerDir = join(dir, "markers");
  const binDir = join(dir, "canary-bin");
  mkdirSync(markerDir, { recursive: true });
  mkdirSync(binDir, { recursive: true });
  const script = join(binDir, "canary.sh");
  writeFileSync(script, `#!/bin/sh\ntouch "${markerDir}/$1"\ncat\n`);
  chmodSync(script, 0o755);
  return {
    markerDir,
    command: (name) => `${script} ${name}`,
    program: (name) => {
      const own = join(binDir, name);
      writeFileSync(own, `#!/bin/sh\ntouch "${markerDir}/${name}"\ncat\n`);
      chmodSync(own, 0o755);
      return own;
    },
  };
}

function checkpoint(title: string, slug: string, headSha: string, extra: Partial<family.SaveFacts> = {}): family.SaveFacts {
  return {
    title,
    slug,
    branch: "main",
    headSha,
    savedAt: SAVED,
    status: "in-progress",
    tasks: [{ text: "finish the importer", done: false }],
    keyFiles: ["src/app.ts"],
    decision: "Keep the importer small",
    gotcha: "The fixture data is large",
    ...extra,
  };
}

function writeCheckpoint(repo: string, facts: family.SaveFacts): string {
  const path = family.htmlCheckpointPath(facts);
  writeFiles(repo, { [path]: family.htmlCheckpoint(facts) });
  return path;
}

function looseObjectPath(repo: string, sha: string): string {
  return join(repo, ".git", "objects", sha.slice(0, 2), sha.slice(2));
}

export interface HostileGitRepo {
  name: string;
  path: string;
  /** A checkpoint file to touch for the live re-index. */
  checkpointPath: string;
}

/**
 * A partial clone whose promisor remote would run the canary if git ever fetched from it:
 * - the blob of `src/app.ts` at the saved commit is missing (the diff page needs it);
 * - a checkpoint names a commit that is not in the clone (resolving it asks for the object);
 * - a checkpoint exists only on branch `side` and its blob is missing (read with `cat-file --batch`).
 */
export function buildPartialClone(root: string, name: string, remote: Array<[string, string]>): HostileGitRepo {
  const path = join(root, name);
  initRepo(path);
  writeFiles(path, { "src/app.ts": "export const version = 1;\n", "README.md": "# demo\n" });
  const saved = commitAll(path, "feat: first version", SAVED);
  const oldBlob = git(path, ["rev-parse", `${saved}:src/app.ts`]);

  git(path, ["checkout", "-q", "-b", "side"]);
  writeFiles(path, { ".claude/checkpoints/side-only.md": "---\ntitle: Side only\nstatus: in-progress\nbranch: side\n---\n\n# Side only\n\n- [ ] land the side work\n" });
  commitAll(path, "chore(checkpoint): side", new Date(SAVED.getTime() + 60_000));
  const sideBlob = git(path, ["rev-parse", "HEAD:.claude/checkpoints/side-only.md"]);
  git(path, ["checkout", "-q", "main"]);

  const checkpointPath = writeCheckpoint(path, checkpoint(`Importer in ${name}`, `importer-${name}`, saved));
  writeCheckpoint(path, checkpoint(`Unknown commit in ${name}`, `unknown-${name}`, "0123456789abcdef0123456789abcdef01234567", { savedAt: new Date(SAVED.getTime() - 60_000) }));
  // the checkpoints land in a commit of their own, then the code moves on: drift counts from the save's own commit
  commitAll(path, "chore(checkpoint): importer", new Date(SAVED.getTime() + 90_000));
  writeFiles(path, { "src/app.ts": "export const version = 2;\n" });
  commitAll(path, "feat: second version", new Date(SAVED.getTime() + 120_000));

  rmSync(looseObjectPath(path, oldBlob));
  rmSync(looseObjectPath(path, sideBlob));
  git(path, ["config", "core.repositoryformatversion", "1"]);
  git(path, ["config", "extensions.partialClone", "origin"]);
  git(path, ["config", "remote.origin.promisor", "true"]);
  git(path, ["config", "remote.origin.fetch", "+refs/heads/*:refs/remotes/origin/*"]);
  git(path, ["config", "protocol.allow", "always"]);
  for (const [key, value] of remote) git(path, ["config", key, value]);
  return { name, path, checkpointPath };
}

/** Every way a partial clone's promisor remote could start a program. */
export function buildPartialClones(root: string, outside: string, canary: Canary): HostileGitRepo[] {
  const bare = join(outside, "upstream.git");
  git(outside, ["init", "-q", "--bare", bare]);
  return [
    buildPartialClone(root, "lazy-ext", [
      ["protocol.ext.allow", "always"],
      ["remote.origin.url", `ext::sh -c ${canary.command("lazy-ext").replace(/ /g, "% ")}`],
    ]),
    buildPartialClone(root, "lazy-ssh", [
      ["protocol.ssh.allow", "always"],
      ["remote.origin.url", "ssh://example.invalid/repo.git"],
      ["core.sshCommand", canary.command("lazy-ssh-command")],
      ["ssh.variant", "ssh"],
    ]),
    buildPartialClone(root, "lazy-file", [
      ["protocol.file.allow", "always"],
      ["remote.origin.url", `file://${bare}`],
      ["remote.origin.uploadpack", canary.command("lazy-uploadpack")],
    ]),
    buildPartialClone(root, "lazy-vcs", [
      ["protocol.ext.allow", "always"],
      ["remote.origin.vcs", "ext"],
      ["remote.origin.url", canary.command("lazy-vcs-helper").replace(/ /g, "% ")],
    ]),
  ];
}

/** `* filter=evil` with one modified file, and filter settings that cannot all be switched off. */
export function buildFilterRepos(root: string, outside: string, canary: Canary): HostileGitRepo[] {
  const repos: HostileGitRepo[] = [];
  const base = (name: string, attributes: string) => {
    const path = join(root, name);
    initRepo(path);
    writeFiles(path, { "src/app.ts": "export const a = 1;\n", ".gitattributes": attributes });
    const sha = commitAll(path, "feat: start", SAVED);
    const checkpointPath = writeCheckpoint(path, checkpoint(`Filters in ${name}`, `filters-${name}`, sha));
    commitAll(path, "chore(checkpoint): filters", new Date(SAVED.getTime() + 60_000));
    writeFiles(path, { "src/app.ts": "export const a = 2;\n" }); // dirty: status would run the clean filter
    repos.push({ name, path, checkpointPath });
    return path;
  };

  // 1. a lookup whose answer is too large to read: many filter sections with huge names
  const overflow = base("filter-overflow", "* filter=evil\n");
  git(overflow, ["config", "filter.evil.clean", canary.command("filter-overflow-clean")]);
  git(overflow, ["config", "filter.evil.process", canary.command("filter-overflow-process")]);
  const huge = Array.from({ length: 12 }, (_, i) => `[filter "${String(i).padStart(2, "0")}${"x".repeat(200_000)}"]\n\tclean = cat\n`).join("");
  writeFileSync(join(overflow, ".git", "config"), huge, { flag: "a" });

  // 2. a driver whose name is too long to override
  const longName = `n${"y".repeat(150_000)}`;
  const tooLong = base("filter-long-name", `* filter=${longName}\n`);
  writeFileSync(join(tooLong, ".git", "config"), `[filter "${longName}"]\n\tclean = ${canary.command("filter-long-name-clean")}\n`, { flag: "a" });

  // 3. drivers defined in included config files (include.path and includeIf)
  const included = base("filter-include", "*.ts filter=inc\n*.md filter=incif\n");
  const incFile = join(outside, "evil.inc");
  writeFileSync(incFile, `[filter "inc"]\n\tclean = ${canary.command("filter-include-clean")}\n\tsmudge = ${canary.command("filter-include-smudge")}\n`);
  const incIfFile = join(outside, "evil-if.inc");
  writeFileSync(incIfFile, `[filter "incif"]\n\tprocess = ${canary.command("filter-includeif-process")}\n`);
  git(included, ["config", "include.path", incFile]);
  git(included, ["config", `includeIf.gitdir:${included}/.git.path`, incIfFile]);
  writeFiles(included, { "notes.md": "# notes\n" });

  // 4. a submodule whose own config defines the filter, with a modified file inside it
  const upstream = join(outside, "sub-upstream");
  initRepo(upstream);
  writeFiles(upstream, { "lib.ts": "export const b = 1;\n", ".gitattributes": "* filter=subevil\n" });
  commitAll(upstream, "feat: lib", SAVED);
  const parent = base("filter-submodule", "");
  git(parent, ["-c", "protocol.file.allow=always", "submodule", "add", "-q", upstream, "vendor-sub"]);
  commitAll(parent, "chore: add submodule", new Date(SAVED.getTime() + 90_000));
  const moduleConfig = join(parent, ".git", "modules", "vendor-sub", "config");
  writeFileSync(moduleConfig, `[filter "subevil"]\n\tclean = ${canary.command("filter-submodule-clean")}\n\tprocess = ${canary.command("filter-submodule-process")}\n`, { flag: "a" });
  writeFiles(join(parent, "vendor-sub"), { "lib.ts": "export const b = 2;\n" });
  return repos;
}

/** Config keys that name programs, all at once, in one ordinary repository with a dirty file. */
export function buildProgramKeysRepo(root: string, outside: string, canary: Canary): HostileGitRepo {
  const path = join(root, "program-keys");
  initRepo(path);
  writeFiles(path, { "src/app.ts": "export const a = 1;\n", ".gitattributes": "* diff=evil merge=evil\n" });
  const first = commitAll(path, "feat: start", SAVED);
  const checkpointPath = writeCheckpoint(path, checkpoint("Program keys", "program-keys", first));
  writeFiles(path, { "src/app.ts": "export const a = 2;\n" });
  commitAll(path, "feat: second", new Date(SAVED.getTime() + 60_000));
  writeFiles(path, { "src/app.ts": "export const a = 3;\n" });
  const hooks = join(outside, "program-hooks");
  mkdirSync(hooks, { recursive: true });
  for (const hook of ["post-index-change", "reference-transaction", "pre-auto-gc", "post-checkout", "fsmonitor-watchman"]) {
    writeFileSync(join(hooks, hook), `#!/bin/sh\n${canary.command(`hook-${hook}`)}\n`);
    chmodSync(join(hooks, hook), 0o755);
  }
  const config: Array<[string, string]> = [
    ["core.fsmonitor", canary.program("fsmonitor")],
    ["core.hooksPath", hooks],
    ["core.pager", canary.command("core-pager")],
    ["pager.log", canary.command("pager-log")],
    ["pager.diff", canary.command("pager-diff")],
    ["pager.show", canary.command("pager-show")],
    ["diff.external", canary.program("diff-external")],
    ["diff.evil.command", canary.command("diff-driver-command")],
    ["diff.evil.textconv", canary.command("textconv")],
    ["merge.evil.driver", canary.command("merge-driver")],
    ["core.sshCommand", canary.command("ssh-command")],
    ["core.askPass", canary.program("askpass")],
    ["credential.helper", `!${canary.command("credential-helper")}`],
    ["gpg.program", canary.program("gpg-program")],
    ["gpg.ssh.program", canary.program("gpg-ssh-program")],
    ["log.showSignature", "true"],
    ["core.alternateRefsCommand", canary.command("alternate-refs")],
    ["core.editor", canary.command("editor")],
    ["sequence.editor", canary.command("sequence-editor")],
    ["uploadpack.packObjectsHook", canary.command("pack-objects-hook")],
    ["core.untrackedCache", "true"],
    ["gc.auto", "1"],
    ["maintenance.auto", "true"],
    ["protocol.allow", "always"],
    ["remote.origin.url", `ext::sh -c ${canary.command("remote-ext").replace(/ /g, "% ")}`],
  ];
  for (const [key, value] of config) git(path, ["config", key, value]);
  return { name: "program-keys", path, checkpointPath };
}
