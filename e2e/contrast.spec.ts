import { expect, test, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { FIXTURE } from "./support/fixture-world";
import { E2E_DB } from "./support/paths";

/**
 * WCAG AA contrast (4.5:1 for normal text, 3:1 for large) of every visible link, button, label, form
 * field's text and badge on the main pages, in light and dark mode (the app follows prefers-color-scheme).
 * The background is the first opaque one up the ancestors, with every translucent layer between
 * composited over it (a canvas does the compositing, so any CSS colour syntax works: oklch, color-mix…).
 */
interface Ids {
  checkpoint: string;
  secretCheckpoint: string;
  handoff: string;
  repository: number;
}

function ids(): Ids {
  const db = new Database(E2E_DB, { readonly: true, fileMustExist: true });
  try {
    const byTitle = (title: string) =>
      (db.prepare("SELECT id FROM documents WHERE title = ? AND source = 'worktree' ORDER BY path LIMIT 1").get(title) as { id: string }).id;
    const handoff = db
      .prepare(
        `SELECT d.id FROM documents d JOIN repositories r ON r.id = d.repository_id
         WHERE d.format = 'handoff' AND d.source = 'worktree' AND r.name = 'project-002' ORDER BY d.path LIMIT 1`,
      )
      .get() as { id: string };
    const repository = db.prepare("SELECT id FROM repositories WHERE name = 'project-001'").get() as { id: number };
    return { checkpoint: byTitle(FIXTURE.planCheckpointTitle), secretCheckpoint: byTitle(FIXTURE.secretTitle), handoff: handoff.id, repository: repository.id };
  } finally {
    db.close();
  }
}

const PAGES: [name: string, url: (ids: Ids) => string][] = [
  ["overview", () => "/"],
  ["checkpoints list", () => "/checkpoints"],
  ["a checkpoint", (i) => `/checkpoints/${i.checkpoint}`],
  ["a checkpoint holding a secret", (i) => `/checkpoints/${i.secretCheckpoint}`],
  ["its diff", (i) => `/checkpoints/${i.checkpoint}/diff`],
  ["its resume prompt", (i) => `/checkpoints/${i.checkpoint}/resume`],
  ["its promote page", (i) => `/checkpoints/${i.checkpoint}/promote`],
  ["a handoff's review page", (i) => `/checkpoints/${i.handoff}/review`],
  ["repositories", () => "/repos"],
  ["a repository", (i) => `/repos/${i.repository}`],
  ["search with results", () => "/search?q=search"],
  ["reviews", () => "/reviews"],
  ["secrets", () => "/secrets"],
  ["problems", () => "/problems"],
  ["roots", () => "/roots"],
  ["a 404", () => "/checkpoints/0123456789abcdef"],
];

export interface Offender {
  element: string;
  text: string;
  color: string;
  background: string;
  ratio: number;
  needed: number;
}

/** Runs in the page: every text of a link, button, label, field or badge whose contrast is below AA. */
function findLowContrast(): Offender[] {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 1;
  const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
  const rootDark = matchMedia("(prefers-color-scheme: dark)").matches;
  const canvasColor = rootDark ? "#121212" : "#ffffff";

  const pixel = (): [number, number, number] => {
    const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
    return [r, g, b];
  };
  const transparent = (color: string) => color === "transparent" || /^rgba\(0, 0, 0, 0\)$/.test(color) || /\/ 0\)$/.test(color);

  /** The backgrounds from the element up to the first opaque one, or null when an image (a gradient) is in the way. */
  function background(el: Element): [number, number, number] | null {
    const layers: string[] = [];
    for (let node: Element | null = el; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.backgroundImage !== "none") return null;
      if (transparent(style.backgroundColor)) continue;
      layers.push(style.backgroundColor);
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = style.backgroundColor;
      ctx.fillRect(0, 0, 1, 1);
      if (ctx.getImageData(0, 0, 1, 1).data[3] === 255) break;
    }
    ctx.globalAlpha = 1;
    ctx.fillStyle = canvasColor;
    ctx.fillRect(0, 0, 1, 1);
    for (const layer of layers.reverse()) {
      ctx.fillStyle = layer;
      ctx.fillRect(0, 0, 1, 1);
    }
    return pixel();
  }

  function opacity(el: Element): number {
    let value = 1;
    for (let node: Element | null = el; node; node = node.parentElement) value *= Number(getComputedStyle(node).opacity);
    return value;
  }

  const luminance = ([r, g, b]: [number, number, number]) => {
    const lin = (c: number) => {
      const s = c / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const ratioOf = (a: [number, number, number], b: [number, number, number]) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };

  const visible = (el: Element) => {
    const rect = el.getBoundingClientRect();
    return rect.width > 1 && rect.height > 1 && el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  };
  const ownText = (el: Element) =>
    [...el.childNodes]
      .filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => n.textContent ?? "")
      .join("")
      .trim();
  const describe = (el: Element) => {
    const cls = typeof el.className === "string" && el.className ? `.${el.className.trim().split(/\s+/).slice(0, 6).join(".")}` : "";
    return `${el.tagName.toLowerCase()}${cls}`;
  };

  const TARGETS = [
    "a",
    "button",
    "label",
    "summary",
    "[role=button]",
    "[role=tab]",
    "[role=status]",
    "select",
    "textarea",
    "input:not([type=checkbox]):not([type=radio]):not([type=hidden]):not([type=range]):not([type=color])",
    "[data-freshness]",
    // badges: small rounded text with a background of its own
    "span[class*='rounded']",
  ].join(",");

  const texts = new Set<Element>();
  for (const target of document.querySelectorAll(TARGETS)) {
    // inactive controls and decoration (hidden from assistive technology) are exempt
    if (target.closest("[aria-disabled='true'], :disabled, [inert], [aria-hidden='true']")) continue;
    if (target.closest("iframe, .checkpoint-original")) continue;
    const field = target.matches("input, textarea, select");
    if (field) {
      if ((target as HTMLInputElement).value.trim() !== "") texts.add(target);
      continue;
    }
    for (const el of [target, ...target.querySelectorAll("*")]) if (ownText(el)) texts.add(el);
  }

  const offenders: Offender[] = [];
  for (const el of texts) {
    if (!visible(el) || el.closest("svg, [aria-hidden='true']")) continue;
    const style = getComputedStyle(el);
    const bg = background(el);
    if (!bg) continue;
    ctx.globalAlpha = opacity(el);
    ctx.fillStyle = style.color;
    ctx.fillRect(0, 0, 1, 1);
    ctx.globalAlpha = 1;
    const fg = pixel();
    const size = parseFloat(style.fontSize);
    const bold = Number(style.fontWeight) >= 700;
    const needed = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
    const ratio = ratioOf(fg, bg);
    if (ratio < needed) {
      const text = (el as HTMLInputElement).value || ownText(el);
      offenders.push({
        element: describe(el),
        text: text.slice(0, 40),
        color: `rgb(${fg.join(", ")})`,
        background: `rgb(${bg.join(", ")})`,
        ratio: Math.round(ratio * 100) / 100,
        needed,
      });
    }
  }
  return offenders;
}

async function lowContrast(page: Page): Promise<string[]> {
  const found = await page.evaluate(findLowContrast);
  // one line per kind of offender (the same badge on fifty rows is one finding)
  const lines = found.map((o) => `${o.ratio}:1 < ${o.needed}:1  ${o.color} on ${o.background}  ${o.element}  "${o.text}"`);
  const counts = new Map<string, number>();
  for (const line of lines) {
    const key = line.replace(/ {2}"[^"]*"$/, "");
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...new Set(lines.map((line) => line.replace(/ {2}"[^"]*"$/, "")))].map((key) => {
    const example = lines.find((line) => line.startsWith(key))!;
    return `${example}${counts.get(key)! > 1 ? ` (×${counts.get(key)})` : ""}`;
  });
}

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`contrast in ${colorScheme} mode`, () => {
    test.use({ colorScheme, viewport: { width: 1280, height: 900 } });

    for (const [name, url] of PAGES) {
      test(`every link, button, label, field and badge on ${name} reads at WCAG AA`, async ({ page }) => {
        const target = url(ids());
        const response = await page.goto(target);
        expect(response?.status(), target).toBe(name === "a 404" ? 404 : 200);
        await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
        expect(await lowContrast(page), `${target} in ${colorScheme} mode`).toEqual([]);
      });
    }
  });
}
