import { describe, expect, it } from "vitest";
import { daysInMonth, parseUserDate } from "./user-date";

const iso = (text: string) => {
  const read = parseUserDate(text);
  return read.ok ? read.iso : `refused: ${read.message}`;
};

describe("a date a person types", () => {
  it("is a day (its start, UTC) or a time, with or without a zone (none: UTC)", () => {
    expect(iso("2026-12-24")).toBe("2026-12-24T00:00:00.000Z");
    expect(iso(" 2026-05-01T14:30Z ")).toBe("2026-05-01T14:30:00.000Z");
    expect(iso("2026-05-01 14:30")).toBe("2026-05-01T14:30:00.000Z");
    expect(iso("2026-05-01T14:30:15.250+02:00")).toBe("2026-05-01T12:30:15.250Z");
    expect(iso("2026-05-01T00:30-0130")).toBe("2026-05-01T02:00:00.000Z");
    expect(iso("2026-05-01T23:59:59+14")).toBe("2026-05-01T09:59:59.000Z");
    expect(iso("2028-02-29")).toBe("2028-02-29T00:00:00.000Z");
    expect(iso("2000-02-29")).toBe("2000-02-29T00:00:00.000Z");
  });

  it("is refused, with a message naming it, when the day or time does not exist", () => {
    expect(iso("2027-02-29")).toBe("refused: 2027-02-29 does not exist: February 2027 has 28 days.");
    expect(iso("2100-02-29")).toBe("refused: 2100-02-29 does not exist: February 2100 has 28 days.");
    expect(iso("2026-04-31")).toBe("refused: 2026-04-31 does not exist: April 2026 has 30 days.");
    expect(iso("2026-13-01")).toBe("refused: 2026-13-01 does not exist: months run from 01 to 12.");
    expect(iso("2026-00-10")).toMatch(/^refused: 2026-00-10 does not exist/);
    expect(iso("2026-05-00")).toMatch(/^refused: 2026-05-00 does not exist/);
    expect(iso("2026-05-01T24:00")).toBe("refused: 2026-05-01T24:00 does not exist: hours run from 00 to 23 (midnight is 00:00 of the next day).");
    expect(iso("2026-05-01T12:60")).toMatch(/^refused: 2026-05-01T12:60 does not exist: minutes/);
    expect(iso("2026-05-01T12:00:60Z")).toMatch(/^refused: 2026-05-01T12:00:60Z does not exist: seconds/);
    expect(iso("2026-05-01T12:00+15:00")).toMatch(/^refused: 2026-05-01T12:00\+15:00 does not exist: no time zone is \+15:00/);
  });

  it("is refused when it is no date at all", () => {
    for (const text of ["yesterday", "", "2026-5-1", "2026-05-01T14", "05/01/2026", "2026-05-01T14:30Zjunk", "+2026-05-01"]) {
      expect(iso(text)).toMatch(/^refused: ".*" is not a date: use YYYY-MM-DD/);
    }
  });

  it("knows the length of every month", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => daysInMonth(2026, m))).toEqual([31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);
    expect(daysInMonth(2024, 2)).toBe(29);
  });
});
