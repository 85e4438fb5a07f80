import { describe, expect, it } from "vitest";
import { budgetFiles, classifyPatch, statBar, statusWord } from "../../components/diff-lines";

const PATCH = `diff --git a/src/app.ts b/src/app.ts
index 1111111..2222222 100644
--- a/src/app.ts
+++ b/src/app.ts
@@ -1,3 +1,3 @@
 export const app = 1;
--- a line that starts with dashes
+++ a line that starts with pluses
 tail
\\ No newline at end of file
`;

describe("diff lines", () => {
  it("classifies lines, hides redundant headers, numbers old and new lines", () => {
    const lines = classifyPatch(PATCH);
    expect(lines.map((l) => l.kind)).toEqual(["hunk", "context", "del", "add", "context", "note"]);
    expect(lines[2]).toMatchObject({ text: "--- a line that starts with dashes", oldLine: 2, newLine: null });
    expect(lines[3]).toMatchObject({ text: "+++ a line that starts with pluses", oldLine: null, newLine: 2 });
    expect(lines[4]).toMatchObject({ oldLine: 3, newLine: 3 });
  });

  it("keeps informative header lines (new file, binary) as meta", () => {
    const lines = classifyPatch("diff --git a/x.png b/x.png\nnew file mode 100644\nindex 0000000..abcdef1\nBinary files /dev/null and b/x.png differ\n");
    expect(lines).toEqual([
      { kind: "meta", text: "new file mode 100644", oldLine: null, newLine: null },
      { kind: "meta", text: "Binary files /dev/null and b/x.png differ", oldLine: null, newLine: null },
    ]);
  });

  it("keeps hostile text as plain text", () => {
    const lines = classifyPatch("@@ -0,0 +1 @@\n+<script>alert(1)</script>\n");
    expect(lines[1]).toMatchObject({ kind: "add", text: "+<script>alert(1)</script>" });
  });

  it("renders files until the file or line budget is spent", () => {
    const file = (n: number) => ({ path: `f${n}`, patch: Array.from({ length: 10 }, () => "+x").join("\n") });
    const { shown, omitted } = budgetFiles([file(1), file(2), file(3), file(4)], { maxFiles: 3, maxLines: 25 });
    expect(shown.map((f) => f.path)).toEqual(["f1", "f2"]);
    expect(omitted.map((f) => f.path)).toEqual(["f3", "f4"]);
  });

  it("scales the stat bar to the largest file with a visible sliver", () => {
    expect(statBar(50, 50, 100)).toEqual({ addPct: 50, delPct: 50 });
    expect(statBar(1, 0, 1000)).toEqual({ addPct: 2, delPct: 0 });
    expect(statBar(null, null, 0)).toEqual({ addPct: 0, delPct: 0 });
    expect(statusWord("R100")).toBe("renamed");
  });
});
