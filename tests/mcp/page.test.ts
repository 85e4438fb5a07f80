import { describe, expect, it } from "vitest";
import { clipText, decodeCursor, encodeCursor, fitPage, jsonBytes, pageLine } from "../../lib/mcp/page";

const items = Array.from({ length: 30 }, (_, i) => ({ id: `item-${i}`, body: "x".repeat(1000) }));

describe("MCP answers stay small", () => {
  it("a cursor continues the same request, and is refused for another", () => {
    const scope = { tool: "list", status: "in-progress" };
    expect(decodeCursor(encodeCursor(20, scope), scope)).toBe(20);
    expect(decodeCursor(undefined, scope)).toBe(0);
    expect(() => decodeCursor(encodeCursor(20, scope), { ...scope, status: "completed" })).toThrow(/belongs to another request/);
    expect(() => decodeCursor("garbage!", scope)).toThrow(/not one Cairn gave/);
    expect(() => decodeCursor(Buffer.from('{"o":-3,"k":"x"}').toString("base64url"), scope)).toThrow(/not one Cairn gave/);
  });

  it("a page ends at the page size or the byte budget, whichever comes first, and says where to go on", () => {
    const bySize = fitPage(items, { offset: 0, limit: 5, total: items.length, scope: "s" });
    expect(bySize.items.map((i) => i.id)).toEqual(["item-0", "item-1", "item-2", "item-3", "item-4"]);
    expect(bySize.cutByBudget).toBe(false);
    expect(decodeCursor(bySize.nextCursor!, "s")).toBe(5);

    const byBudget = fitPage(items, { offset: 0, limit: 30, total: items.length, scope: "s", budget: 4 * 1024 });
    expect(byBudget.items.length).toBe(3);
    expect(jsonBytes(byBudget.items)).toBeLessThanOrEqual(4 * 1024);
    expect(byBudget.cutByBudget).toBe(true);
    expect(decodeCursor(byBudget.nextCursor!, "s")).toBe(3);
    expect(pageLine(byBudget, "checkpoints")).toMatch(/^30 checkpoints; showing 1-3 \(page cut to keep the answer small\)\. More: call again with cursor/);

    const oneHuge = fitPage([{ id: "big", body: "y".repeat(10_000) }, ...items], { offset: 0, limit: 10, total: 31, scope: "s", budget: 1024 });
    expect(oneHuge.items.map((i) => i.id)).toEqual(["big"]);

    const page = items.slice(25, 30);
    const last = fitPage(page, { offset: 25, limit: 10, total: 30, scope: "s", pageStart: 25 });
    expect(last.items.map((i) => i.id)).toEqual(["item-25", "item-26", "item-27", "item-28", "item-29"]);
    expect(last.nextCursor).toBeNull();
  });

  it("a long text is cut at a line end and says so", () => {
    const text = Array.from({ length: 500 }, (_, i) => `line ${i} ${"é".repeat(20)}`).join("\n");
    const { text: cut, clipped } = clipText(text, 2048, "read the resource for the rest");
    expect(clipped).toBe(true);
    expect(Buffer.byteLength(cut)).toBeLessThan(2048 + 100);
    expect(cut.endsWith("\n… (read the resource for the rest)")).toBe(true);
    expect(cut).not.toContain("\uFFFD");
    expect(clipText("short", 2048)).toEqual({ text: "short", clipped: false });
  });
});
