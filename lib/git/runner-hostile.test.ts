/**
 * The runner against repositories whose own config asks git to start programs: no transport of any
 * kind, missing objects reported instead of fetched, a timed-out git killed with everything it started,
 * and `git status` refused where the filter drivers cannot all be switched off.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { RepoFacts, filterNeutralisation, MAX_FILTER_DRIVERS } from "./repo-facts";
import { GitError, MISSING_OBJECTS_MESSAGE, runGit } from "./runner";
import { catFileBatch, resolveCommits } from "./objects";
import { removeTempDirs, TestRepo } from "./test-repo";

afterAll(removeTempDirs);

let markers: string;
let canary: string;

beforeEach(() => {
  const repo = TestRepo.create();
  markers = path.join(repo.dir, "..", `${path.basename(repo.dir)}-markers`);
  mkdirSync(markers, { recursive: true });
  canary = path.join(markers, "..", `${path.basename(repo.dir)}-canary.sh`);
  writeFileSync(canary, `#!/bin/sh\ntouch "${markers}/$1"\ncat\n`);
  chmodSync(canary, 0o755);
});

const fired = () => (existsSync(markers) ? execFileSync("ls", [markers], { encoding: "utf8" }).split("\n").filter(Boolean) : []);

/** A partial clone missing the first version of a.txt, whose promisor remote is `remote`. */
function partialClone(remote: Array<[string, string]>): { repo: TestRepo; first: string; blob: string } {
  const repo = TestRepo.create();
  const first = repo.commit("first", { "a.txt": "one\n" });
  repo.commit("second", { "a.txt": "two\n" });
  const blob = repo.git("rev-parse", `${first}:a.txt`).trim();
  rmSync(path.join(repo.dir, ".git", "objects", blob.slice(0, 2), blob.slice(2)));
  for (const [key, value] of [
    ["core.repositoryformatversion", "1"],
    ["extensions.partialClone", "origin"],
    ["remote.origin.promisor", "true"],
    ["protocol.allow", "always"],
    ...remote,
  ]) repo.git("config", key, value);
  return { repo, first, blob };
}

describe("no transport, whatever the repository allows itself", () => {
  const remotes = (): Record<string, Array<[string, string]>> => ({
    "ext:: remote": [["protocol.ext.allow", "always"], ["remote.origin.url", `ext::sh -c ${canary}% ext`]],
    "ssh:// remote with core.sshCommand": [["protocol.ssh.allow", "always"], ["remote.origin.url", "ssh://example.invalid/x.git"], ["core.sshCommand", `${canary} ssh`]],
    "file:// remote with uploadpack": [["protocol.file.allow", "always"], ["remote.origin.url", `file://${markers}`], ["remote.origin.uploadpack", `${canary} uploadpack`]],
    "remote.vcs helper": [["protocol.ext.allow", "always"], ["remote.origin.vcs", "ext"], ["remote.origin.url", `${canary}% vcs`]],
  });

  for (const name of ["ext:: remote", "ssh:// remote with core.sshCommand", "file:// remote with uploadpack", "remote.vcs helper"]) {
    it(`never lazily fetches a missing blob from a partial clone's ${name}`, async () => {
      const { repo, first } = partialClone(remotes()[name]!);
      const error = await runGit(repo.dir, ["diff", "-p", first, "HEAD", "--"]).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GitError);
      expect((error as GitError).missingObjects).toBe(true);
      // a commit that is not in the clone: resolving it would ask the promisor remote
      const resolved = await resolveCommits(repo.dir, ["0123456789abcdef0123456789abcdef01234567"]);
      expect(resolved.get("0123456789abcdef0123456789abcdef01234567")).toBeNull();
      // a missing blob read by cat-file --batch (checkpoints found only on other branches)
      const [answer] = await catFileBatch(repo.dir, [`${first}:a.txt`]);
      expect(answer?.found).toBe(false);
      expect(fired()).toEqual([]);
    });
  }

  it("has a calm sentence for pages", () => {
    expect(MISSING_OBJECTS_MESSAGE).toMatch(/not in this clone/);
    expect(MISSING_OBJECTS_MESSAGE).not.toMatch(/fatal/);
  });
});

describe("timeouts", () => {
  it("kill git together with the programs it started", async () => {
    const repo = TestRepo.create();
    repo.commit("first", { "a.txt": "one\n", ".gitattributes": "* filter=slow\n" });
    const pidFile = path.join(markers, "..", `${path.basename(repo.dir)}.pid`);
    // called directly (not through RepoFacts, which switches filters off): a filter that hangs
    repo.git("config", "filter.slow.clean", `echo $$ > ${pidFile}; exec sleep 60`);
    writeFileSync(path.join(repo.dir, "a.txt"), "changed\n");
    const started = Date.now();
    const error = await runGit(repo.dir, ["status", "--porcelain"], { timeoutMs: 1_500 }).catch((e: unknown) => e);
    expect((error as GitError).kind).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(30_000);
    const deadline = Date.now() + 5_000;
    while (!existsSync(pidFile) && Date.now() < deadline) await new Promise((done) => setTimeout(done, 50));
    const pid = Number(readFileSync(pidFile, "utf8").trim());
    await new Promise((done) => setTimeout(done, 200));
    const state = existsSync(`/proc/${pid}/status`) ? /State:\s+(\S)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] : "gone";
    expect(["gone", "Z", "X"]).toContain(state);
  });
});

describe("filter drivers and git status", () => {
  function dirtyRepoWithFilter(): TestRepo {
    const repo = TestRepo.create();
    repo.commit("first", { "a.txt": "one\n", ".gitattributes": "* filter=evil\n" });
    repo.git("config", "filter.evil.clean", `${canary} clean`);
    repo.git("config", "filter.evil.process", `${canary} process`);
    writeFileSync(path.join(repo.dir, "a.txt"), "changed\n");
    return repo;
  }

  it("switches off every configured driver, also from included files, and status still runs", async () => {
    const repo = dirtyRepoWithFilter();
    const included = path.join(markers, "..", `${path.basename(repo.dir)}.inc`);
    writeFileSync(included, `[filter "inc"]\n\tclean = ${canary} included\n`);
    repo.git("config", "include.path", included);
    writeFileSync(path.join(repo.dir, ".gitattributes"), "* filter=evil\n*.txt filter=inc\n");
    const facts = new RepoFacts(repo.dir);
    const status = await facts.status();
    expect(status?.map((e) => e.path)).toEqual(expect.arrayContaining(["a.txt"]));
    expect(facts.statusRefusal).toBeNull();
    expect(fired()).toEqual([]);
  });

  it("refuses git status when the driver lookup's answer is too large to read", async () => {
    const repo = dirtyRepoWithFilter();
    const huge = Array.from({ length: 8 }, (_, i) => `[filter "${i}${"x".repeat(200_000)}"]\n\tclean = cat\n`).join("");
    writeFileSync(path.join(repo.dir, ".git", "config"), huge, { flag: "a" });
    const answer = await filterNeutralisation(repo.dir);
    expect(answer.ok).toBe(false);
    const facts = new RepoFacts(repo.dir);
    expect(await facts.status()).toBeNull();
    expect(facts.statusRefusal).toMatch(/git status was not run in this repository/);
    expect(fired()).toEqual([]);
  });

  it("refuses git status when a driver's name is too long to switch off, or there are too many", async () => {
    const repo = dirtyRepoWithFilter();
    const longName = `n${"y".repeat(100_000)}`;
    writeFileSync(path.join(repo.dir, ".gitattributes"), `* filter=${longName}\n`);
    writeFileSync(path.join(repo.dir, ".git", "config"), `[filter "${longName}"]\n\tclean = ${canary} long\n`, { flag: "a" });
    const facts = new RepoFacts(repo.dir);
    expect(await facts.status()).toBeNull();
    expect(facts.statusRefusal).toMatch(/too long/);

    const many = TestRepo.create();
    many.commit("first", { "a.txt": "one\n" });
    const sections = Array.from({ length: MAX_FILTER_DRIVERS + 1 }, (_, i) => `[filter "f${i}"]\n\tclean = cat\n`).join("");
    writeFileSync(path.join(many.dir, ".git", "config"), sections, { flag: "a" });
    expect((await filterNeutralisation(many.dir)).ok).toBe(false);
    expect(fired()).toEqual([]);
  });

  it("refuses git status when the config cannot be read at all, and answers 'none' when there is no driver", async () => {
    const clean = TestRepo.create();
    clean.commit("first", { "a.txt": "one\n" });
    expect(await filterNeutralisation(clean.dir)).toEqual({ ok: true, overrides: [] });
    const broken = dirtyRepoWithFilter();
    writeFileSync(path.join(broken.dir, ".git", "config"), "[filter \"evil\"\n\tclean = broken section\n", { flag: "a" });
    expect((await filterNeutralisation(broken.dir)).ok).toBe(false);
    expect(fired()).toEqual([]);
  });
});
