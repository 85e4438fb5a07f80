import { describe, expect, it } from "vitest";
import { dateFromPath, parseDateText, resolveDate } from "./dates";

describe("parseDateText", () => {
  it.each([
    ["2026-04-12", "2026-04-12T00:00:00.000Z"],
    ["Saved 2026-04-12T14:30:00Z", "2026-04-12T14:30:00.000Z"],
    ["2026-04-12T16:30:00+02:00", "2026-04-12T14:30:00.000Z"],
    ["2026-07-25T16:24:22+0100", "2026-07-25T15:24:22.000Z"],
    ["2026-04-12 14:30 (CEST)", "2026-04-12T12:30:00.000Z"],
    ["2026-09-28 11:46 PKT", "2026-09-28T06:46:00.000Z"],
    ["2026-04-12, 09:15 (UTC)", "2026-04-12T09:15:00.000Z"],
    ["## 2026-04-12 - 09:15 (GMT) (checkpoint)", "2026-04-12T09:15:00.000Z"],
    ["'2026-07-24 05:14:50.753412+00:00'", "2026-07-24T05:14:50.753Z"],
    ["on 24.06.2025 we", "2025-06-24T00:00:00.000Z"],
    ["סשן 24/08/2026 —", "2026-08-24T00:00:00.000Z"],
    ["_6/14/2026, 6:20:45 AM_", "2026-06-14T06:20:45.000Z"],
    ["6/7/2026, 1:05:00 PM", "2026-06-07T13:05:00.000Z"],
    ["March 5, 2026", "2026-03-05T00:00:00.000Z"],
    ["5 March 2026 at 10:00", "2026-03-05T10:00:00.000Z"],
    ["2026-01-15 08:00 America/New_York", "2026-01-15T13:00:00.000Z"],
    ["2026-07-15 08:00 America/New_York", "2026-07-15T12:00:00.000Z"],
  ])("%s", (text, iso) => {
    expect(parseDateText(text)).toBe(iso);
  });

  it("rejects impossible dates and non-dates", () => {
    expect(parseDateText("2026-02-30")).toBeNull();
    expect(parseDateText("version 1.2.3")).toBeNull();
    expect(parseDateText("")).toBeNull();
    expect(parseDateText(null)).toBeNull();
  });

  it("takes the earliest date in the text", () => {
    expect(parseDateText("written 2026-05-01, revised 2026-05-03")).toBe("2026-05-01T00:00:00.000Z");
  });
});

describe("dateFromPath", () => {
  it.each([
    [".claude/checkpoints/20260412-143000-auth-flow.html", "2026-04-12T14:30:00.000Z"],
    [".borg/checkpoints/2026-04-14-1600.md", "2026-04-14T16:00:00.000Z"],
    [".claude/handoffs/handoff_2026-01-22T13-07-04-757Z.md", "2026-01-22T13:07:04.757Z"],
    [".claude/handoffs/2026-06-17-121200-some-slug.md", "2026-06-17T12:12:00.000Z"],
    [".claude/session-state/checkpoints/checkpoint-20260416-1430.md", "2026-04-16T14:30:00.000Z"],
    ["sessions/SESSION_20260412_143000.md", "2026-04-12T14:30:00.000Z"],
    ["docs/2026-06-21-next.md", "2026-06-21T00:00:00.000Z"],
    ["notes/2026-05-02/summary.md", "2026-05-02T00:00:00.000Z"],
  ])("%s", (path, iso) => {
    expect(dateFromPath(path)).toBe(iso);
  });

  it("returns null when the name has no date", () => {
    expect(dateFromPath(".claude/last-session.md")).toBeNull();
  });
});

describe("resolveDate", () => {
  it("prefers content, then the file name, and says which", () => {
    expect(resolveDate(["no date here", "Date: 2026-03-01"], "x-20250101.md")).toEqual({ iso: "2026-03-01T00:00:00.000Z", source: "content", day: "2026-03-01" });
    expect(resolveDate([null, "nothing"], "x-20250101-0930.md")).toEqual({ iso: "2025-01-01T09:30:00.000Z", source: "filename", day: "2025-01-01" });
    expect(resolveDate([], "plain.md")).toBeNull();
  });
});
