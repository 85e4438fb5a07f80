/**
 * A repository whose config, hooks and attributes try to run programs. Cairn must read it without
 * running any of them, and values from a checkpoint must never become git options.
 */
import { chmodSync, existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { gitProcessCount, resetGitProcessCount } from "../git/runner";
import { catFileBatch, lsTree } from "../git/objects";
import { makeTempDir, plainGit, removeTempDirs, TestRepo } from "../git/test-repo";
import { compareShas, computeFreshness, diffSinceSave, type SaveInput } from "./freshness";

afterAll(removeTempDirs);

const NOW = new Date("2026-03-01T12:00:00Z");

function save(overrides: Partial<SaveInput>): SaveInput {
  return { id: "s", headSha: null, branch: null, savedAt: null, dirtySaved: null, referencedFiles: [], modifiedFiles: [], ...overrides };
}

const HOOK_NAMES = ["pre-commit", "post-commit", "post-checkout", "post-index-change", "reference-transaction", "pre-auto-gc", "fsmonitor-watchman"];

function writeHooks(dir: string, markerDir: string): void {
  mkdirSync(dir, { recursive: true });
  for (const hook of HOOK_NAMES) {
    const file = path.join(dir, hook);
    writeFileSync(file, `#!/bin/sh\ntouch '${markerDir}/hook-${hook}'\n`);
    chmodSync(file, 0o755);
  }
}

function buildHostileRepo(markerDir: string): { repo: TestRepo; base: string; expectedNewCommits: number } {
  const repo = TestRepo.create();
  const base = repo.commit("base", { "a.txt": "one\n", "b.txt": "bee\n", ".gitattributes": "*.txt diff=evil filter=evil\n" });
  repo.commit("more", { "a.txt": "one\ntwo\n" });
  repo.commit("chore(checkpoint): save", { "cp.md": "c\n" });
  const expectedNewCommits = repo.countBetween(base);

  const m = (name: string) => `touch '${markerDir}/${name}'`;
  const evilHooks = makeTempDir("cairn-evil-hooks-");
  const config: Array<[string, string]> = [
    ["core.fsmonitor", `${m("fsmonitor")}; echo`],
    ["core.hooksPath", evilHooks],
    ["core.pager", `${m("pager")}; cat`],
    ["core.sshCommand", m("ssh")],
    ["diff.external", `${m("ext-diff")}; true`],
    ["diff.evil.textconv", `${m("textconv")}; cat`],
    ["diff.evil.command", `${m("diff-driver")}; true`],
    ["filter.evil.clean", `${m("filter-clean")}; cat`],
    ["filter.evil.smudge", `${m("filter-smudge")}; cat`],
    ["filter.evil.required", "true"],
    ["log.showSignature", "true"],
    ["gpg.program", m("gpg")],
    ["pager.status", m("pager-status")],
    ["pager.log", m("pager-log")],
    ["remote.origin.url", `ext::sh -c ${m("remote")}`],
    ["remote.origin.uploadpack", m("uploadpack")],
    ["core.untrackedCache", "true"],
  ];
  for (const [key, value] of config) repo.git("config", key, value);
  writeHooks(evilHooks, markerDir);
  writeHooks(path.join(repo.dir, ".git", "hooks"), markerDir);
  writeFileSync(path.join(repo.dir, ".git", "info", "attributes"), "*.txt diff=evil filter=evil\n");
  // Same size, new mtime: git status must re-read a.txt's content (through a clean filter, if one ran).
  utimesSync(path.join(repo.dir, "a.txt"), new Date("2001-01-01"), new Date("2001-01-01"));
  repo.write("dirty.txt", "dirty\n");
  return { repo, base, expectedNewCommits };
}

describe("hostile repository", () => {
  it("computeFreshness, diffSinceSave and friends run nothing from the repository", async () => {
    const markerDir = makeTempDir("cairn-markers-");
    const outputFile = path.join(os.tmpdir(), `cairn-hostile-output-${process.pid}-${Date.now()}`);
    const { repo, base, expectedNewCommits } = buildHostileRepo(markerDir);
    const saves = [
      save({ id: "hostile", headSha: `--output=${outputFile}`, branch: `--upload-pack=touch ${markerDir}/upload-pack` }),
      save({ id: "dash-branch", headSha: base.slice(0, 8), branch: `-c core.pager=touch ${markerDir}/branch-pager` }),
      save({ id: "good", headSha: base, branch: "main", modifiedFiles: ["a.txt"], referencedFiles: ["--output=x", "b.txt"] }),
    ];

    const result = await computeFreshness(repo.dir, saves, NOW);
    const diff = await diffSinceSave(repo.dir, base);
    expect(await diffSinceSave(repo.dir, `--output=${outputFile}`)).toBeNull();
    expect(await diffSinceSave(repo.dir, base, `--output=${outputFile}`)).toBeNull();
    expect(await compareShas(repo.dir, base, "HEAD")).not.toBeNull();
    expect(await compareShas(repo.dir, `--output=${outputFile}`, "HEAD")).toBeNull();
    await catFileBatch(repo.dir, ["HEAD:a.txt", `--output=${outputFile}`]);
    await lsTree(repo.dir, "HEAD", ["a.txt", `--output=${outputFile}`]);

    expect(readdirSync(markerDir)).toEqual([]);
    expect(existsSync(outputFile)).toBe(false);

    expect(result.get("hostile")).toMatchObject({ resolvedHeadSha: null, newCommits: null, savedBranchExists: false, level: "unknown" });
    expect(result.get("dash-branch")).toMatchObject({ newCommits: expectedNewCommits, branchMatches: false });
    expect(result.get("good")).toMatchObject({ newCommits: expectedNewCommits, bookkeepingCommits: 1, dirtyNow: 1, branchMatches: true });
    expect(result.get("good")?.modifiedFileStates).toEqual([{ path: "a.txt", state: "committed-since" }]);
    expect(diff?.stat.files.map((file) => file.path).sort()).toEqual(["a.txt", "cp.md"]);
    expect(diff?.files.find((file) => file.path === "a.txt")?.patch).toContain("+two");

    // Positive control: plain git in this repository does run the planted programs.
    plainGit(repo.dir, ["status", "--short"]);
    plainGit(repo.dir, ["diff", base, "HEAD"]);
    plainGit(repo.dir, ["log", "-p", "-3"]);
    plainGit(repo.dir, ["commit", "-q", "--allow-empty", "-m", "x"]);
    expect(readdirSync(markerDir)).toEqual(expect.arrayContaining(["fsmonitor", "filter-clean", "ext-diff", "diff-driver", "textconv", "hook-pre-commit"]));
  });
});

describe("process budget", () => {
  it("computeFreshness for 30 saves spawns the same small number of git processes as for 1", async () => {
    const repo = TestRepo.create();
    const shas: string[] = [];
    for (let i = 0; i < 40; i += 1) {
      shas.push(repo.commit(i % 4 === 0 ? `chore(session): ${i}` : `work ${i}`, { [`f${i % 7}.txt`]: `${i}\n` }));
      if (i === 20) repo.git("branch", "side");
    }
    repo.write("dirty.txt", "d\n");
    const saves = Array.from({ length: 30 }, (_, i) =>
      save({
        id: `save-${i}`,
        headSha: i % 3 === 0 ? (shas[i] as string).slice(0, 10) : (shas[i] as string),
        branch: ["main", "side", `gone-${i}`][i % 3] as string,
        savedAt: new Date(NOW.getTime() - i * 3_600_000).toISOString(),
        referencedFiles: [`f${i % 7}.txt`, `missing-${i}.md`],
        modifiedFiles: [`f${(i + 1) % 7}.txt`, "dirty.txt"],
      }),
    );

    resetGitProcessCount();
    const one = await computeFreshness(repo.dir, saves.slice(0, 1), NOW);
    const processesForOne = gitProcessCount();
    resetGitProcessCount();
    const all = await computeFreshness(repo.dir, saves, NOW);
    const processesForThirty = gitProcessCount();

    expect(processesForThirty).toBe(processesForOne);
    expect(processesForThirty).toBeLessThanOrEqual(9);
    expect(one.size).toBe(1);
    expect(all.size).toBe(30);
    for (let i = 0; i < 30; i += 1) {
      expect(all.get(`save-${i}`)?.newCommits).toBe(repo.countBetween(shas[i] as string));
    }
  });
});
