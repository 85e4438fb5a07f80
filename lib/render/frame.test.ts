/** The original HTML's frame is sized to its content, estimated on the server (the frame runs no script). */
import { describe, expect, it } from "vitest";
import { FRAME_MIN_PX, FRAME_POLICY, framedOriginal } from "./frame";

const page = (body: string) => `<!DOCTYPE html><html><head><title>t</title><style>p{margin:1em}</style></head><body>${body}</body></html>`;

describe("framedOriginal", () => {
  it("gives a short page a short frame and a long page a tall one, in proportion to its text", () => {
    const short = framedOriginal(page("<h1>Short</h1><p>One paragraph.</p>"));
    const paragraphs = (n: number) => page(`<h1>Long</h1>${"<p>A sentence of a checkpoint that runs on for a while. </p>".repeat(n)}`);
    const medium = framedOriginal(paragraphs(50));
    const long = framedOriginal(paragraphs(100));
    expect(short.height).toBeGreaterThanOrEqual(FRAME_MIN_PX);
    expect(short.height).toBeLessThan(400);
    expect(medium.height).toBeGreaterThan(50 * 24);
    expect(long.height / medium.height).toBeGreaterThan(1.8);
    expect(long.height / medium.height).toBeLessThan(2.2);
  });

  it("counts the lines of preformatted text and leaves styles and scripts out", () => {
    const pre = framedOriginal(page(`<pre><code>${"line\n".repeat(80)}</code></pre>`));
    expect(pre.height).toBeGreaterThan(80 * 24);
    const styled = framedOriginal(page(`<style>${"x{color:red}".repeat(5000)}</style><p>Hi</p>`));
    expect(styled.height).toBeLessThan(400);
  });

  it("keeps the policy first in the head, and survives a page nested a hundred thousand levels deep", () => {
    expect(framedOriginal(page("<p>x</p>")).srcDoc).toContain(FRAME_POLICY);
    const deep = framedOriginal(`${"<div>".repeat(100_000)}deep`);
    expect(deep.srcDoc).toContain(FRAME_POLICY);
    expect(deep.height).toBeGreaterThanOrEqual(FRAME_MIN_PX);
  }, 60_000);
});
