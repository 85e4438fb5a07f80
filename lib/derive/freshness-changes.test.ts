import { afterAll, describe, expect, it } from "vitest";
import { RepoFacts } from "../git/repo-facts";
import { gitProcessCount, resetGitProcessCount } from "../git/runner";
import { removeTempDirs, TestRepo } from "../git/test-repo";
import { agentOnlyCommits } from "./freshness-bookkeeping";
import { changesAndBookkeeping } from "./freshness-changes";

afterAll(removeTempDirs);

/** Saves at every commit, an agent-only commit, a root commit, and HEAD itself among the commits read. */
function buildRepo(): { repo: TestRepo; shas: string[] } {
  const repo = TestRepo.create();
  const shas = [
    repo.commit("root", { "src/a.ts": "a\n", "CLAUDE.md": "c\n" }),
    repo.commit("code", { "src/b.ts": "b\n" }),
    repo.commit("notes only", { ".claude/checkpoints/one.md": "1\n" }),
    repo.commit("both", { "src/a.ts": "a2\n", ".claude/checkpoints/two.md": "2\n" }),
    repo.commit("agent files only", { "CLAUDE.md": "c2\n", "PROMPT.md": "p\n" }),
  ];
  return { repo, shas };
}

describe("files since each base and of each commit, in one diff-tree", () => {
  it("answers exactly what the two separate questions answer, with one git process", async () => {
    const { repo, shas } = buildRepo();
    const head = shas[shas.length - 1];
    const documents = new Set<string>();

    // the separate questions, as asked before: one process each
    const apart = new RepoFacts(repo.dir);
    const graphApart = await apart.history([head]);
    const changedApart = await apart.filesChangedSince(shas, head);
    const onlyApart = await agentOnlyCommits(repo.dir, shas.map((sha) => graphApart.get(sha)!), documents);

    const facts = new RepoFacts(repo.dir);
    const graph = await facts.history([head]);
    resetGitProcessCount();
    // every base, HEAD itself as a base (an empty diff) and as a commit read (its files against its real parent)
    const changed = await changesAndBookkeeping(facts, graph, shas, head, shas, documents);
    expect(gitProcessCount()).toBe(1);

    expect(changed).toEqual(changedApart);
    expect(changed.get(head)).toEqual([]);
    const marked = shas.filter((sha) => graph.get(sha)!.bookkeeping);
    expect(new Set(marked)).toEqual(onlyApart);
    expect(marked).toEqual([shas[2], head]);

    // asked again: answered from memory, and no commit is read twice
    resetGitProcessCount();
    expect(await changesAndBookkeeping(facts, graph, shas, head, shas, documents)).toEqual(changedApart);
    expect(gitProcessCount()).toBe(0);
  });

  it("asks apart when one question has nothing to ask", async () => {
    const { repo, shas } = buildRepo();
    const head = shas[shas.length - 1];
    const facts = new RepoFacts(repo.dir);
    const graph = await facts.history([head]);
    resetGitProcessCount();
    const changed = await changesAndBookkeeping(facts, graph, [shas[1]], head, [], new Set());
    expect(gitProcessCount()).toBe(1);
    expect(changed.get(shas[1])?.map((file) => file.path).sort()).toEqual([".claude/checkpoints/one.md", ".claude/checkpoints/two.md", "CLAUDE.md", "PROMPT.md", "src/a.ts"]);
  });
});
