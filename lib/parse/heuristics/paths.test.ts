import { describe, expect, it } from "vitest";
import { gitStatusPath, looksLikePath, pathsInLine } from "./paths";

describe("looksLikePath", () => {
  it.each(["lib/parse/html.ts", "README.md", "docs/plans/", "src/components", ".github/workflows/ci.yml", "Makefile", ".claude/.session-state.json"])("accepts %s", (p) => {
    expect(looksLikePath(p, true)).toBe(true);
  });
  it.each(["https://example.org/a.md", "and/or", "/Users/x/file.ts", "~/notes.md", "1.2.3", "process.env", "lib/**/*.ts", "a b.md", "N/A", "10/10"])("rejects %s", (p) => {
    expect(looksLikePath(p, true)).toBe(false);
  });
  it("is stricter for untrusted tokens without an extension", () => {
    expect(looksLikePath("input/output", false)).toBe(false);
    expect(looksLikePath("client/server", true)).toBe(false);
  });
});

describe("pathsInLine", () => {
  it("reads table first columns, code spans and list leads", () => {
    expect(pathsInLine("| `lib/a.ts` | the parser |")).toEqual(["lib/a.ts", "lib/a.ts"]);
    expect(pathsInLine("- lib/b.ts — the other one")).toEqual(["lib/b.ts"]);
    expect(pathsInLine("see `src/x.tsx:42` and `npm run build`")).toEqual(["src/x.tsx"]);
    expect(pathsInLine("Read [the plan](docs/plan.md) and [site](https://x.org/y.md)")).toEqual(["docs/plan.md"]);
  });
});

describe("gitStatusPath", () => {
  it("reads short status lines", () => {
    expect(gitStatusPath(" M lib/x.ts")).toBe("lib/x.ts");
    expect(gitStatusPath("?? docs/new.md")).toBe("docs/new.md");
    expect(gitStatusPath("- `M  src/y.ts`")).toBe("src/y.ts");
    expect(gitStatusPath("Made good progress")).toBeNull();
  });
});
