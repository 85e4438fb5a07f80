/**
 * The queue's "who made the last commit" answers are kept in the database (file_authors), so that a new
 * `cairn queue` reads them instead of asking git once per repository; a new version of a file replaces its row.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { join } from "node:path";
import { mkdirSync, writeFileSync } from "node:fs";
import { authorStore, identityStore } from "../../lib/queries/author-store";
import { lastAuthors, userIdentity } from "../../lib/queries/queue-authors";
import { gitProcessCount } from "../../lib/git/runner";
import { commitAll, initRepo, writeFiles } from "../../scripts/fixtures/git";
import { tempSpace, type TempSpace } from "../support/temp";

let space: TempSpace;
let repo: string;
const home = process.env.HOME;
const xdg = process.env.XDG_CONFIG_HOME;

beforeEach(() => {
  space = tempSpace();
  repo = join(space.dir, "repo");
  initRepo(repo);
  writeFiles(repo, { "HANDOFF.md": "# Handoff\n" });
  commitAll(repo, "handoff");
});
afterEach(() => {
  process.env.HOME = home;
  if (xdg === undefined) delete process.env.XDG_CONFIG_HOME;
  else process.env.XDG_CONFIG_HOME = xdg;
  space.cleanup();
});

describe("the last authors kept in the database", () => {
  it("answer a later run without git, and a new version of the file replaces its row", async () => {
    const file = { path: "HANDOFF.md", source: "worktree", contentHash: `h-${Date.now()}-a` };
    const first = await lastAuthors(repo, [file], authorStore(space.db()));
    const author = first.get("worktree\0HANDOFF.md");
    expect(author?.email).toBeTruthy();

    // another process: the same database, a version the in-memory memo has never seen
    const again = { ...file, contentHash: `${file.contentHash}` };
    const store = authorStore(space.db());
    expect(store.get(repo, [again]).get(`${repo}\0worktree\0HANDOFF.md\0${again.contentHash}`)).toEqual(author);

    const before = gitProcessCount();
    const kept = { path: "HANDOFF.md", source: "worktree", contentHash: `h-${Date.now()}-b` };
    store.put(repo, [{ file: kept, author: { name: "Ada", email: "ada@example.com", at: null } }]);
    const answered = await lastAuthors(repo, [kept], store);
    expect(answered.get("worktree\0HANDOFF.md")?.name).toBe("Ada");
    expect(gitProcessCount()).toBe(before);
    const rows = space.db().$client.prepare("SELECT content_hash FROM file_authors WHERE path = 'HANDOFF.md'").all();
    expect(rows).toEqual([{ content_hash: kept.contentHash }]);
  });

  it("keep the user's global git identity for a new process until the git config file changes", async () => {
    const fakeHome = join(space.dir, "home");
    mkdirSync(fakeHome, { recursive: true });
    writeFileSync(join(fakeHome, ".gitconfig"), "[user]\n\temail = Ada@Example.com\n\tname = Ada\n");
    process.env.HOME = fakeHome;
    // git's global config is ~/.gitconfig and $XDG_CONFIG_HOME/git/config: both inside the fake home
    process.env.XDG_CONFIG_HOME = join(fakeHome, ".config");
    const kept = identityStore(space.db());
    // each call names another database folder: another settings file, so the in-memory answer does not serve it
    const first = await userIdentity(join(space.dir, "a", "cairn.db"), kept);
    expect([...first.emails]).toEqual(["ada@example.com"]);

    const before = gitProcessCount();
    const again = await userIdentity(join(space.dir, "b", "cairn.db"), identityStore(space.db()));
    expect([...again.emails]).toEqual(["ada@example.com"]);
    expect([...again.names]).toEqual(["ada"]);
    expect(gitProcessCount()).toBe(before);

    // a new identity in the file (its size changes): git is asked again
    writeFileSync(join(fakeHome, ".gitconfig"), "[user]\n\temail = grace@example.org\n\tname = Grace Hopper\n");
    const changed = await userIdentity(join(space.dir, "c", "cairn.db"), identityStore(space.db()));
    expect([...changed.emails]).toEqual(["grace@example.org"]);
    expect(gitProcessCount()).toBeGreaterThan(before);
    expect(space.db().$client.prepare("SELECT count(*) AS n FROM git_identity").get()).toEqual({ n: 1 });
  });

  it("keep nothing when git cannot read the config (asked again next time), and keep an identity that is not set", async () => {
    const fakeHome = join(space.dir, "home");
    mkdirSync(fakeHome, { recursive: true });
    process.env.HOME = fakeHome;
    process.env.XDG_CONFIG_HOME = join(fakeHome, ".config");
    const count = () => space.db().$client.prepare("SELECT count(*) AS n FROM git_identity").get();
    writeFileSync(join(fakeHome, ".gitconfig"), "[user\n\temail = broken\n");
    const broken = await userIdentity(join(space.dir, "d", "cairn.db"), identityStore(space.db()));
    expect(broken.emails.size).toBe(0);
    expect(count()).toEqual({ n: 0 });

    writeFileSync(join(fakeHome, ".gitconfig"), "[core]\n\tautocrlf = false\n");
    const unset = await userIdentity(join(space.dir, "e", "cairn.db"), identityStore(space.db()));
    expect(unset.emails.size + unset.names.size).toBe(0);
    expect(count()).toEqual({ n: 1 });
  });
});
