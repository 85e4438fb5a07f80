/**
 * The original view's frame policy cannot be pushed into a comment (issue 18 item 7): a checkpoint that starts
 * with `<!-- <head> -->` once got the policy injected inside its comment, and its `<link rel=prefetch>` then
 * reached a local listener. The BUILT server is asked for the original view; the frame document it sends is
 * parsed as a browser would parse it.
 */
import { parse, type DefaultTreeAdapterMap } from "parse5";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FRAME_POLICY } from "../../lib/render/frame";
import { commitAll, initRepo, writeFiles } from "../../scripts/fixtures/git";
import { serveWorld, type ServedWorld } from "./support/fixture";
import { fetchPage } from "./support/server";
import { join } from "node:path";

type Element = DefaultTreeAdapterMap["element"];

const ATTACK = [
  "<!-- <head> -->",
  "<!DOCTYPE html><html><head>",
  '<meta name="jacked:status" content="in-progress">',
  '<link rel="prefetch" href="http://127.0.0.1:9/leak">',
  '<link rel="dns-prefetch" href="//leak.invalid">',
  '<meta http-equiv="refresh" content="0;url=http://127.0.0.1:9/refresh">',
  "<title>Frame attack</title></head>",
  "<body><h1>Frame attack</h1><h2>Context</h2><p>Looks harmless.</p></body></html>",
].join("\n");

let world: ServedWorld;

beforeAll(async () => {
  world = await serveWorld("cairn-sec-frame-", (root) => {
    const repo = join(root, "app");
    initRepo(repo);
    writeFiles(repo, { ".claude/checkpoints/20261120-101500-frame-attack.html": ATTACK });
    commitAll(repo, "chore(checkpoint): frame attack");
  });
}, 900_000);

afterAll(async () => {
  await world?.stop();
});

function decodeAttribute(value: string): string {
  return value.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}

function elements(node: DefaultTreeAdapterMap["parentNode"], out: Element[] = []): Element[] {
  for (const child of node.childNodes) {
    if ("tagName" in child) {
      out.push(child);
      elements(child, out);
    }
  }
  return out;
}

describe("the original view of an HTML checkpoint", () => {
  it("frames a document whose real head starts with the policy, without links or refreshes", async () => {
    const record = world.records().find((r) => r.path.endsWith("frame-attack.html"))!;
    const page = await (await fetchPage(`${world.server.url}/checkpoints/${record.id}?view=original`)).text();
    const srcdoc = /<iframe[^>]*\ssrcDoc="([^"]*)"|<iframe[^>]*\ssrcdoc="([^"]*)"/i.exec(page);
    expect(srcdoc, "the page frames the original").not.toBeNull();
    const frame = parse(decodeAttribute(srcdoc![1] ?? srcdoc![2]));
    const html = frame.childNodes.find((n): n is Element => "tagName" in n && n.tagName === "html")!;
    const head = html.childNodes.find((n): n is Element => "tagName" in n && n.tagName === "head")!;
    const first = head.childNodes.find((n): n is Element => "tagName" in n)!;
    expect(first.tagName).toBe("meta");
    expect(first.attrs).toContainEqual({ name: "content", value: FRAME_POLICY });
    const all = elements(frame);
    expect(all.filter((e) => e.tagName === "link")).toEqual([]);
    expect(all.some((e) => e.tagName === "meta" && e.attrs.some((a) => a.name === "http-equiv" && a.value.toLowerCase() === "refresh"))).toBe(false);
    expect(all.some((e) => e.tagName === "h1")).toBe(true);
  });
});
