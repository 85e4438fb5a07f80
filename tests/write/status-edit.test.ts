import { describe, expect, it } from "vitest";
import { locateStatus, replaceRanges } from "../../lib/write";
import { parseDocument } from "../../lib/parse/registry";
import { byteDiff } from "./support";

function complete(text: string | Buffer, format: "html" | "frontmatter-md"): Buffer | string {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text, "utf8");
  const located = locateStatus(bytes, format);
  return located.ok ? replaceRanges(bytes, located.ranges, "completed") : located.reason;
}

describe("locating the status value in HTML", () => {
  it("finds it however the tag is written, and never inside a comment or a script", () => {
    const html = [
      "<!doctype html><html><head>",
      "<!-- <meta name=\"jacked:status\" content=\"in-progress\"> -->",
      "<script>const x = '<meta name=\"jacked:status\" content=\"in-progress\">';</script>",
      "<META NAME='JACKED:STATUS'\n      CONTENT = 'in-progress' data-x=\"é\">",
      "</head><body><p>in-progress</p></body></html>",
    ].join("\n");
    const out = complete(html, "html") as Buffer;
    expect(byteDiff(Buffer.from(html), out)).toMatchObject({ removed: "in-progress", added: "completed" });
    expect(out.toString()).toContain("CONTENT = 'completed'");
    expect(out.toString().match(/in-progress/g)).toHaveLength(3);
    expect(parseDocument({ path: ".claude/checkpoints/20261120-101500-x.html", text: out.toString() }).document?.status).toBe("completed");
  });

  it("handles unquoted values and multibyte text before the tag", () => {
    const html = "<html><head><title>Prüfung ✓ 日本</title><meta name=jacked:status content=in-progress></head></html>";
    const out = complete(html, "html") as Buffer;
    expect(out.toString()).toBe(html.replace("content=in-progress", "content=completed"));
  });

  it("says why when there is nothing safe to edit", () => {
    expect(complete("<html><head><title>x</title></head></html>", "html")).toBe("no jacked:status meta tag");
    expect(complete('<meta name="jacked:status">', "html")).toBe("the jacked:status meta tag has no content attribute");
    expect(complete(Buffer.from([0x3c, 0x68, 0xff, 0xfe]), "html")).toBe("the file is not valid UTF-8");
  });
});

describe("locating the status value in frontmatter", () => {
  it("edits the key the parser reads: nested metadata first, then status, then state", () => {
    expect((complete("---\ntitle: x\nstatus: active # yes\n---\n# T\nstatus: in-progress\n", "frontmatter-md") as Buffer).toString()).toBe(
      "---\ntitle: x\nstatus: completed # yes\n---\n# T\nstatus: in-progress\n",
    );
    expect((complete("---\nstatus: in-progress\nmetadata:\n  status: 'WIP'\n---\n", "frontmatter-md") as Buffer).toString()).toBe(
      "---\nstatus: in-progress\nmetadata:\n  status: 'completed'\n---\n",
    );
    expect((complete("---yaml\r\nstate: \"open\"\r\n...\r\nbody\r\n", "frontmatter-md") as Buffer).toString()).toBe("---yaml\r\nstate: \"completed\"\r\n...\r\nbody\r\n");
  });

  it("refuses what it cannot edit safely", () => {
    expect(complete("# No frontmatter\n\n**Status:** in progress\n", "frontmatter-md")).toBe("no frontmatter");
    expect(complete("---\nstatus: |\n  in-progress\n---\n", "frontmatter-md")).toMatch(/spans several lines|cannot edit safely/);
    expect(complete("---\nstatus: [a, b]\n---\n", "frontmatter-md")).toBe("the frontmatter status is not a single value");
    expect(complete("---\nstatus: in-progress\n", "frontmatter-md")).toBe("the frontmatter is never closed");
    expect(complete("---\ntitle: x\n---\n", "frontmatter-md")).toBe("the frontmatter has no status");
  });
});
