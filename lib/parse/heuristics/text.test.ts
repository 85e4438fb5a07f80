import { describe, expect, it } from "vitest";
import { linkTargets } from "./paths";
import { stripInlineMarkdown } from "./text";

/** The regular expressions stripInlineMarkdown used before it was made linear: same results expected. */
function oldLinks(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/\[\[([^\]]+)\]\]/g, "$1");
}

function randomText(seed: number, length: number): string {
  const alphabet = ["[", "]", "(", ")", "!", "a", " ", "\n", "b"];
  let x = seed;
  let out = "";
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out += alphabet[x % alphabet.length];
  }
  return out;
}

describe("stripInlineMarkdown", () => {
  it("keeps the visible words of links, images, wiki links, emphasis and code", () => {
    expect(stripInlineMarkdown("See [the plan](docs/plan.md), ![diagram](x.png) and [[Notes]]: **bold** `code` ~~old~~ *it*")).toBe(
      "See the plan, diagram and Notes: bold code old it",
    );
  });

  it("strips links exactly as the regular expressions did, on thousands of random bracket soups", () => {
    for (let seed = 1; seed < 3000; seed++) {
      const text = randomText(seed, 1 + (seed % 60));
      expect(stripInlineMarkdown(text.replace(/[*_`~]/g, ""))).toBe(oldLinks(text));
    }
  });

  // These took minutes before (quadratic scans from every unclosed bracket); now each is one pass.
  it.each([
    ["a megabyte of [", "[".repeat(1 << 20)],
    ["a megabyte of ![", "![".repeat(1 << 19)],
    ["a megabyte of [[", "[[".repeat(1 << 19)],
    ["a megabyte of [a](", "[a](".repeat(1 << 18)],
    ["unclosed brackets on every line", `${"[".repeat(200)}\n`.repeat(5000)],
  ])("returns %s unchanged", (_name, text) => {
    expect(stripInlineMarkdown(text)).toBe(text);
  }, 20_000);

  it("still strips the links that close, inside a sea of unclosed brackets", () => {
    const text = `${"[".repeat(100_000)}[kept](u) ${"![".repeat(100_000)}`;
    expect(stripInlineMarkdown(text)).toBe(`${"[".repeat(100_000)}kept ${"![".repeat(100_000)}`);
  }, 20_000);

  it("emphasis, code and strike runs of a megabyte keep every word", () => {
    for (const unit of ["*a ", "`a ", "_a ", "~~a ", "**a ", "<a "]) {
      const count = Math.ceil((1 << 20) / unit.length);
      expect(stripInlineMarkdown(unit.repeat(count)).replace(/[^a]/g, "").length, unit).toBe(count);
    }
  }, 20_000);
});

describe("linkTargets", () => {
  const old = (line: string) => [...line.matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]);
  it("finds what the regular expression found, on random bracket soups", () => {
    for (let seed = 1; seed < 3000; seed++) {
      const line = randomText(seed, 1 + (seed % 60)).replace(/\n/g, " ");
      expect(linkTargets(line), line).toEqual(old(line));
    }
  });
  it.each([["[", "["], ["[a](", "[a]("], ["](", "]("], ["[](", "[]("]])("a line of a megabyte of %s has no link", (_n, unit) => {
    expect(linkTargets(unit.repeat((1 << 20) / unit.length))).toEqual([]);
  }, 20_000);
});
