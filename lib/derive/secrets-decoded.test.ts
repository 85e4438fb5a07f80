/** Secrets written escaped (JSON, YAML, character references, Markdown escapes, tags): found, and redacted in the raw text. */
import { describe, expect, it } from "vitest";
import { fake } from "../../tests/support/fake-secrets";
import { scanSecrets } from "./secrets";
import { decodeForScan } from "./secrets-decoded";

const GHP = ["gh", "p_", fake(36, 1)].join("");
const AWS = ["AK", "IA", fake(16, 2, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")].join("");
const u = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
const x = (c: string) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`;

/** Each escaped form of the token, written into its kind of file. */
const FORMS: Array<{ name: string; file: string; text: string }> = [
  { name: "JSON \\u", file: "tasks.json", text: JSON.stringify({ title: "x", details: "KEY" }).replace("KEY", `gh${u("p")}_${GHP.slice(4)}`) },
  { name: "JSON, every character \\u", file: "tasks.json", text: `{"token": "${[...GHP].map(u).join("")}"}` },
  { name: "YAML \\x", file: "state.yaml", text: `title: keys\ntoken: "gh${x("p")}${GHP.slice(3)}"\n` },
  { name: "YAML \\U", file: "state.yaml", text: `token: "\\U00000067hp${GHP.slice(3)}"\n` },
  { name: "YAML folded line", file: "state.yaml", text: `token: "${GHP.slice(0, 12)}\\\n    ${GHP.slice(12)}"\n` },
  { name: "Markdown &#112;", file: "handoff.md", text: `# Keys\n\nThe token is gh&#112;_${GHP.slice(4)} for now.\n` },
  { name: "Markdown &#x70; without ;", file: "handoff.md", text: `# Keys\n\ntoken gh&#x70${GHP.slice(3)}\n` },
  { name: "Markdown &lowbar;", file: "handoff.md", text: `# Keys\n\ntoken ghp&lowbar;${GHP.slice(4)}\n` },
  { name: "Markdown \\_", file: "handoff.md", text: `# Keys\n\ntoken ghp\\_${GHP.slice(4)}\n` },
  { name: "tag-split", file: "handoff.md", text: `# Keys\n\ntoken ${GHP.slice(0, 4)}<b></b>${GHP.slice(4, 20)}<span class="x">${GHP.slice(20)}</span> end\n` },
  { name: "emphasis inside the word", file: "handoff.md", text: `# Keys\n\ntoken ${GHP.slice(0, 10)}**${GHP.slice(10, 20)}**${GHP.slice(20)}\n` },
  { name: "zero-width space", file: "handoff.md", text: `# Keys\n\ntoken ${GHP.slice(0, 10)}\u200b${GHP.slice(10)}\n` },
  { name: "soft hyphen reference", file: "handoff.md", text: `# Keys\n\ntoken ${GHP.slice(0, 10)}&shy;${GHP.slice(10)}\n` },
  { name: "JSON carrying a reference", file: "tasks.json", text: `{"details": "gh\\u0026#112;_${GHP.slice(4)}"}` },
  { name: "AWS key, JSON \\u", file: "tasks.json", text: `{"env": "AWS_ACCESS_KEY_ID=${u("A")}${AWS.slice(1)}"}` },
];

describe("escaped secrets", () => {
  for (const form of FORMS) {
    it(`are found and redacted: ${form.name}`, async () => {
      const token = form.name.startsWith("AWS") ? AWS : GHP;
      expect(form.text).not.toContain(token);
      const decoded = decodeForScan(form.text);
      expect(decoded?.text, "the decoded reading shows the token").toContain(token);
      const scan = await scanSecrets(form.text, form.file);
      expect(scan.findings.length, form.name).toBeGreaterThan(0);
      expect(scan.redacted).toContain("[REDACTED:");
      // nothing of the token survives in any decoding of the redacted text
      const again = decodeForScan(scan.redacted)?.text ?? scan.redacted;
      expect(again).not.toContain(token.slice(4, 24));
      expect((await scanSecrets(scan.redacted, form.file)).findings).toEqual([]);
    });
  }

  it("keep the text around them and the rest of the file as written", async () => {
    const text = `# Keys\n\nA \\_note\\_ &amp; <em>words</em>.\n\ntoken gh&#112;_${GHP.slice(4)} end\n`;
    const scan = await scanSecrets(text, "handoff.md");
    expect(scan.redacted).toBe(`# Keys\n\nA \\_note\\_ &amp; <em>words</em>.\n\ntoken [REDACTED:github-token] end\n`);
    expect(scan.findings).toEqual([expect.objectContaining({ rule: "github-token", line: 5, column: 7 })]);
  });

  it("leave placeholders and plain escaped prose alone", async () => {
    for (const text of [`token gh&#112;_${"x".repeat(36)}`, "a \\_b\\_ c &amp; d <b>e</b> \\u0041", '{"a": "\\u00e9t\\u00e9"}']) {
      expect((await scanSecrets(text, "a.md")).findings, text).toEqual([]);
    }
  });

  it("decode a megabyte of broken escapes, references and half-open tags (linear: no look-ahead past a bound)", () => {
    const hostile = ["\\u12", "&#", "<a ", "&lowbar", "**", "\\\n", "<!--"].map((p) => p.repeat(40_000)).join("");
    expect(decodeForScan(hostile)?.text.length).toBeGreaterThan(0);
  });
});
