import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildGitArgs,
  GitError,
  gitProcessCount,
  isSafeRevisionText,
  isSha,
  resetGitProcessCount,
  resolveCommit,
  runGit,
  SAFE_LEADING_ARGS,
  tryGit,
} from "./runner";
import { catFileBatch, lsTree, resolveCommits } from "./objects";
import { removeTempDirs, TestRepo } from "./test-repo";

let repo: TestRepo;
let first: string;
let second: string;

beforeAll(() => {
  repo = TestRepo.create();
  first = repo.commit("first", { "a.txt": "one\n" });
  repo.git("checkout", "-q", "-b", "feature/x");
  repo.commit("on feature", { "docs/only-on-feature.md": "feature text\n", "bin.dat": "\u0000\u0001binary" });
  repo.git("checkout", "-q", "main");
  second = repo.commit("second", { "a.txt": "one\ntwo\n" });
});
afterAll(removeTempDirs);

describe("argument vector", () => {
  it("always leads with the safety options and adds diff safety to diff, log and show", () => {
    expect(SAFE_LEADING_ARGS).toEqual(expect.arrayContaining(["--no-optional-locks", "core.fsmonitor=false", "core.hooksPath=/dev/null", "core.untrackedCache=false", "protocol.allow=never"]));
    for (const sub of ["diff", "log", "show"]) {
      const args = buildGitArgs([sub, "x"]);
      expect(args.slice(0, SAFE_LEADING_ARGS.length)).toEqual([...SAFE_LEADING_ARGS]);
      expect(args.slice(SAFE_LEADING_ARGS.length)).toEqual([sub, "--no-ext-diff", "--no-textconv", "--no-color", "x"]);
    }
    expect(buildGitArgs(["status"])).toEqual([...SAFE_LEADING_ARGS, "status"]);
  });
});

describe("runGit / tryGit", () => {
  it("returns stdout and counts processes", async () => {
    resetGitProcessCount();
    expect((await runGit(repo.dir, ["rev-parse", "HEAD"])).trim()).toBe(second);
    expect(gitProcessCount()).toBe(1);
  });

  it("throws a typed GitError with args, exit code and first stderr line", async () => {
    const error = await runGit(repo.dir, ["rev-parse", "--verify", "no-such-ref"]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitError);
    const gitError = error as GitError;
    expect(gitError.kind).toBe("exit");
    expect(gitError.exitCode).toBe(128);
    expect(gitError.args).toEqual(["rev-parse", "--verify", "no-such-ref"]);
    expect(gitError.stderrFirstLine).toMatch(/fatal/);
    expect(await tryGit(repo.dir, ["rev-parse", "--verify", "no-such-ref"])).toBeNull();
  });

  it("caps output", async () => {
    const error = await runGit(repo.dir, ["log"], { maxBytes: 10 }).catch((e: unknown) => e);
    expect((error as GitError).kind).toBe("output-too-large");
  });

  it("times out", async () => {
    const input = "x".repeat(32 * 1024 * 1024);
    const error = await runGit(repo.dir, ["hash-object", "--stdin"], { input, timeoutMs: 5 }).catch((e: unknown) => e);
    expect((error as GitError).kind).toBe("timeout");
  });

  it("feeds stdin", async () => {
    const expected = repo.git("rev-parse", "HEAD:a.txt").trim();
    expect((await runGit(repo.dir, ["hash-object", "--stdin"], { input: "one\ntwo\n" })).trim()).toBe(expected);
  });

  it("ignores inherited GIT_* variables", async () => {
    const saved = process.env.GIT_DIR;
    process.env.GIT_DIR = path.join(os.tmpdir(), "definitely-not-a-git-dir");
    try {
      expect((await runGit(repo.dir, ["rev-parse", "HEAD"])).trim()).toBe(second);
    } finally {
      if (saved === undefined) delete process.env.GIT_DIR;
      else process.env.GIT_DIR = saved;
    }
  });

  it("gives each git the environment of its own call, also when the helper was sent it once for several calls", async () => {
    const read = (overrides?: Array<[string, string]>) =>
      tryGit(repo.dir, ["config", "--get", "cairn.probe"], overrides ? { configOverrides: overrides } : {});
    const answers = await Promise.all([read(), read([["cairn.probe", "one"]]), read([["cairn.probe", "one"]]), read(), read([["cairn.probe", "two"]]), read()]);
    expect(answers.map((a) => a?.trim() ?? null)).toEqual([null, "one", "one", null, "two", null]);
    expect((await read([["cairn.probe", "three"]]))?.trim()).toBe("three");
    expect(await read()).toBeNull();
  });
});

describe("sha and revision checks", () => {
  it("isSha accepts 4..40 hex only", () => {
    expect(isSha("abcd")).toBe(true);
    expect(isSha(first)).toBe(true);
    expect(isSha("abc")).toBe(false);
    expect(isSha("g123")).toBe(false);
    expect(isSha(`${first}0`)).toBe(false);
    expect(isSha("--output=/tmp/x")).toBe(false);
    expect(isSha(null)).toBe(false);
  });

  it("isSafeRevisionText rejects options, whitespace and control characters", () => {
    expect(isSafeRevisionText("feature/x")).toBe(true);
    for (const bad of ["-x", "--upload-pack=touch x", "a b", "a\nb", "", "a\u0000b"]) expect(isSafeRevisionText(bad)).toBe(false);
  });
});

describe("resolveCommit", () => {
  it("resolves full and short shas and branch names to full commit ids", async () => {
    expect(await resolveCommit(repo.dir, first)).toBe(first);
    expect(await resolveCommit(repo.dir, first.slice(0, 7))).toBe(first);
    expect(await resolveCommit(repo.dir, "feature/x")).toBe(repo.sha("feature/x"));
    expect(await resolveCommit(repo.dir, "main")).toBe(second);
  });

  it("answers null for unknown values, non-commits and option-like text without running git", async () => {
    expect(await resolveCommit(repo.dir, "0000000000000000000000000000000000000000")).toBeNull();
    expect(await resolveCommit(repo.dir, repo.git("rev-parse", "HEAD:a.txt").trim())).toBeNull();
    const outputFile = path.join(os.tmpdir(), `cairn-resolve-${process.pid}-${Date.now()}`);
    resetGitProcessCount();
    expect(await resolveCommit(repo.dir, `--output=${outputFile}`)).toBeNull();
    expect(gitProcessCount()).toBe(0);
    expect(existsSync(outputFile)).toBe(false);
  });

  it("resolveCommits answers many values in one process", async () => {
    resetGitProcessCount();
    const answers = await resolveCommits(repo.dir, [first.slice(0, 8), "feature/x", "nope", "--all", second]);
    expect(gitProcessCount()).toBe(1);
    expect(answers.get(first.slice(0, 8))).toBe(first);
    expect(answers.get("feature/x")).toBe(repo.sha("feature/x"));
    expect(answers.get("nope")).toBeNull();
    expect(answers.get("--all")).toBeNull();
    expect(answers.get(second)).toBe(second);
  });
});

describe("catFileBatch and lsTree", () => {
  it("reads blobs from another branch in one process", async () => {
    resetGitProcessCount();
    const [doc, bin, missing, injected] = await catFileBatch(repo.dir, [
      "feature/x:docs/only-on-feature.md",
      "feature/x:bin.dat",
      "main:docs/only-on-feature.md",
      "main:a.txt\nmain:a.txt",
    ]);
    expect(gitProcessCount()).toBe(1);
    expect(doc?.found).toBe(true);
    expect(doc?.type).toBe("blob");
    expect(doc?.content?.toString("utf8")).toBe("feature text\n");
    expect(bin?.content).toEqual(Buffer.from("\u0000\u0001binary"));
    expect(missing?.found).toBe(false);
    expect(injected?.found).toBe(false);
  });

  it("lists tree entries literally", async () => {
    const entries = await lsTree(repo.dir, "feature/x", ["docs/only-on-feature.md", "docs", "a.txt", "*.txt", "absent"]);
    expect(entries.map((entry) => entry.path).sort()).toEqual(["a.txt", "docs", "docs/only-on-feature.md"]);
    expect(entries.find((entry) => entry.path === "docs")?.type).toBe("tree");
    expect(await lsTree(repo.dir, "--output=/tmp/x", ["a.txt"])).toEqual([]);
  });
});
