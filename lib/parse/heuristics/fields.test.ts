import { describe, expect, it } from "vitest";
import { branchAtSha, branchFromCommand, branchFromValue, isPlaceholder, isRefName, shaFromValue } from "./fields";

describe("values out of their sentences", () => {
  it("knows a placeholder is not a value", () => {
    for (const p of ["[DATE]", "{title}", "<status>", "[branch name]", "-", "TBD", "", "n/a"]) expect(isPlaceholder(p)).toBe(true);
    expect(isPlaceholder("main")).toBe(false);
  });

  it("accepts the names git accepts as branches, and refuses the rest", () => {
    for (const name of ["main", "feature/astro-blog", "claude/setup-sync-pD9Mo", "release/2.1", "fix_login"]) expect(isRefName(name)).toBe(true);
    for (const name of ["git", "origin/main", "a..b", "-x", "HEAD", "feat x", "notes.md", "4f1c2aa", "x.lock", "a:b"]) expect(isRefName(name)).toBe(false);
  });

  it("reads branches out of commands, code spans and `branch @ sha`", () => {
    expect(branchFromCommand("run `git checkout -b feat/retry` first")).toBe("feat/retry");
    expect(branchFromCommand("git push -u origin fix/cart")).toBe("fix/cart");
    expect(branchFromValue("`develop` (3 ahead of origin)")).toBe("develop");
    expect(branchAtSha("**`main` @ `d2e84c4`**")).toEqual({ branch: "main", sha: "d2e84c4" });
    expect(branchAtSha("HEAD @ 1a2b3c4")).toEqual({ branch: null, sha: "1a2b3c4" });
  });

  it("reads a commit id as written, never a plain number or word", () => {
    expect(shaFromValue("`2fb20f1` - fix(prisma): relation names")).toBe("2fb20f1");
    expect(shaFromValue("1234567")).toBeNull();
    expect(shaFromValue("deadbeef")).toBeNull();
    expect(shaFromValue("[sha]")).toBeNull();
  });
});
