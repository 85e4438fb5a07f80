/** The configuration files answer "no filter driver" only when git would certainly say the same. */
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { filterNeutralisation, noFilterDriversInFiles } from "./filter-config";
import { makeTempDir, removeTempDirs, TestRepo } from "./test-repo";

afterAll(() => removeTempDirs());

const envOf = (values: Record<string, string>) => values as unknown as NodeJS.ProcessEnv;

function repoWithHome(config = ""): { repo: TestRepo; env: NodeJS.ProcessEnv; dirs: { gitDir: string; commonDir: string; topLevel: string } } {
  const repo = TestRepo.create();
  repo.commit("first", { "a.txt": "one\n" });
  if (config) writeFileSync(path.join(repo.dir, ".git", "config"), config, { flag: "a" });
  const home = makeTempDir("cairn-filter-home-");
  const gitDir = path.join(repo.dir, ".git");
  return { repo, env: envOf({ HOME: home }), dirs: { gitDir, commonDir: gitDir, topLevel: repo.dir } };
}

describe("filter drivers read from the configuration files", () => {
  it("are certainly absent from a plain repository, as git says", async () => {
    const { repo, env, dirs } = repoWithHome();
    writeFileSync(path.join(env.HOME!, ".gitconfig"), "[user]\n\tname = Someone\n\temail = a@b.example\n# a comment\n[core]\n\tautocrlf\n");
    expect(await noFilterDriversInFiles(dirs, env)).toBe(true);
    expect(await filterNeutralisation(repo.dir)).toEqual({ ok: true, overrides: [] });
  });

  it("leave the answer to git when a file names a filter, an include or an extension", async () => {
    for (const extra of ['[filter "lfs"]\n\tclean = cat\n', "[Filter.x]\n\tclean = cat\n", "[include]\n\tpath = other\n", '[includeIf "gitdir:/x/"]\n\tpath = y\n', "[extensions]\n\tworktreeConfig = true\n"]) {
      const { dirs, env } = repoWithHome(extra);
      expect(await noFilterDriversInFiles(dirs, env), extra).toBeNull();
    }
    const { dirs, env } = repoWithHome();
    writeFileSync(path.join(env.HOME!, ".gitconfig"), '[filter "lfs"]\n\tclean = git-lfs clean -- %f\n');
    expect(await noFilterDriversInFiles(dirs, env)).toBeNull();
    const xdg = makeTempDir("cairn-filter-xdg-");
    mkdirSync(path.join(xdg, "git"));
    writeFileSync(path.join(xdg, "git", "config"), '[filter "x"]\n\tsmudge = cat\n');
    expect(await noFilterDriversInFiles(repoWithHome().dirs, envOf({ HOME: makeTempDir(), XDG_CONFIG_HOME: xdg }))).toBeNull();
  });

  it("leave the answer to git for a line git might refuse, a linked file, or no home", async () => {
    for (const extra of ['[user]\n\tname = "unclosed\n', "[core] bare = false\n", "[user]\n\tname = a \\\n b\n", "orphan = 1\n"]) {
      const { dirs, env } = repoWithHome();
      writeFileSync(path.join(env.HOME!, ".gitconfig"), extra);
      expect(await noFilterDriversInFiles(dirs, env), extra).toBeNull();
    }
    const { dirs, env } = repoWithHome();
    const elsewhere = path.join(makeTempDir(), "gitconfig");
    writeFileSync(elsewhere, "[user]\n\tname = x\n");
    symlinkSync(elsewhere, path.join(env.HOME!, ".gitconfig"));
    expect(await noFilterDriversInFiles(dirs, env)).toBeNull();
    expect(await noFilterDriversInFiles(dirs, envOf({}))).toBeNull();
  });
});
