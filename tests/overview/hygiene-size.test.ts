/** The overview's hygiene table draws its first repositories only: the rest is one link away. */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { HygieneTable, HYGIENE_SHOWN } from "../../components/overview/hygiene-table";
import type { HygieneRow } from "../../lib/queries/overview";

const rows: HygieneRow[] = Array.from({ length: 200 }, (_, i) => ({ id: i + 1, name: `repo-${i + 1}`, supersededOpen: 1, superseded: 1, branchGone: 0, archives: 0 }));
const draw = (showAll: boolean, list = rows) => renderToStaticMarkup(createElement(HygieneTable, { rows: list, archivePile: 10, showAll }));
const count = (html: string, text: string) => html.split(text).length - 1;

describe("the overview's hygiene table", () => {
  it("draws the first repositories and links to the rest, saying how many there are", () => {
    const html = draw(false);
    expect(count(html, ">repo-")).toBe(HYGIENE_SHOWN);
    expect(html).toContain(`Show ${200 - HYGIENE_SHOWN} more (200 in all)`);
    expect(html).toContain('href="/?hygiene=all#hygiene"');
  });

  it("draws every repository when asked for all, and a short table with no link", () => {
    expect(count(draw(true), ">repo-")).toBe(200);
    expect(draw(true)).toContain(`Show the first ${HYGIENE_SHOWN} only`);
    const short = draw(false, rows.slice(0, 3));
    expect(count(short, ">repo-")).toBe(3);
    expect(short).not.toContain("in all)");
  });
});
