/** Dates in every style agents write them, normalised to ISO-8601 UTC. */
import type { DateSource } from "../types";
import { zoneOffsetMinutes } from "./timezones";
import { baseName } from "./text";

export interface FoundDate {
  iso: string;
  source: DateSource;
  /** The calendar day as written (YYYY-MM-DD, in the file's own time zone). */
  day?: string;
}

interface Parts {
  year: number;
  month: number;
  day: number;
  hour?: number;
  minute?: number;
  second?: number;
  millis?: number;
  zone?: string;
}

const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
  januar: 1, februar: 2, "märz": 3, mai: 5, juni: 6, juli: 7, okt: 10, dez: 12,
  janvier: 1, "février": 2, mars: 3, avril: 4, juin: 6, juillet: 7, "août": 8, octobre: 10, "décembre": 12,
  enero: 1, febrero: 2, marzo: 3, abril: 4, mayo: 5, junio: 6, julio: 7, agosto: 8, septiembre: 9,
  octubre: 10, noviembre: 11, diciembre: 12, gennaio: 1, febbraio: 2, aprile: 4, maggio: 5, giugno: 6,
  luglio: 7, settembre: 9, ottobre: 10, dicembre: 12,
  janeiro: 1, fevereiro: 2, "março": 3, marco: 3, maio: 5, junho: 6, julho: 7, setembro: 9, outubro: 10, novembro: 11, dezembro: 12,
  "января": 1, "февраля": 2, "марта": 3, "апреля": 4, "мая": 5, "июня": 6, "июля": 7, "августа": 8, "сентября": 9, "октября": 10, "ноября": 11, "декабря": 12,
  "январь": 1, "февраль": 2, "март": 3, "апрель": 4, "май": 5, "июнь": 6, "июль": 7, "август": 8, "сентябрь": 9, "октябрь": 10, "ноябрь": 11, "декабрь": 12,
  ocak: 1, "şubat": 2, nisan: 4, "mayıs": 5, haziran: 6, temmuz: 7, "ağustos": 8, "eylül": 9, ekim: 10, "kasım": 11, "aralık": 12,
  januari: 1, februari: 2, maart: 3, mei: 5, augustus: 8, oktober: 10,
};

function monthNumber(word: string): number | null {
  const w = word.toLowerCase().replace(/\.$/, "");
  if (w in MONTHS) return MONTHS[w];
  const short = w.slice(0, 3);
  return w.length >= 3 && short in MONTHS && /^[a-zäéû]+$/.test(w) ? MONTHS[short] : null;
}

/** Build an ISO string, or null when the parts do not name a real instant. */
export function partsToIso(p: Parts): string | null {
  const { year, month, day } = p;
  const hour = p.hour ?? 0;
  const minute = p.minute ?? 0;
  const second = p.second ?? 0;
  if (year < 1990 || year > 2100 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  if (hour > 24 || minute > 59 || second > 60) return null;
  const local = Date.UTC(year, month - 1, day, hour, minute, second, p.millis ?? 0);
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCDate() !== day) return null;
  const offset = p.zone ? zoneOffsetMinutes(p.zone, local) ?? 0 : 0;
  return new Date(local - offset * 60000).toISOString();
}

const TIME = String.raw`(\d{1,2})[:h](\d{2})(?::(\d{2})(?:[.,](\d{1,6}))?)?(?:\s*([AaPp])\.?[Mm]\.?(?![A-Za-z]))?`;
const ZONE = String.raw`(?:\s*\(?\s*(Z|[+\-−]\d{2}:?\d{2}\b|(?:UTC|GMT)(?:\s*[+\-−]\s*\d{1,2}(?::?\d{2})?)?|[A-Z]{2,5}\b|[A-Z][A-Za-z]+\/[A-Za-z_]+(?:\/[A-Za-z_]+)?))?`;
const JOIN = String.raw`(?:[T ]|,\s*|\s+[-–—·@]\s+|\s+at\s+|\s+um\s+|\s+)`;

interface Pattern {
  regex: RegExp;
  read(m: RegExpExecArray): Parts | null;
}

function timeParts(m: RegExpExecArray, at: number): Partial<Parts> {
  if (m[at] === undefined) return {};
  let hour = Number(m[at]);
  const meridiem = m[at + 4]?.toLowerCase();
  if (meridiem === "p" && hour < 12) hour += 12;
  if (meridiem === "a" && hour === 12) hour = 0;
  const fraction = m[at + 3];
  return {
    hour,
    minute: Number(m[at + 1]),
    second: m[at + 2] ? Number(m[at + 2]) : 0,
    millis: fraction ? Math.round(Number(`0.${fraction}`) * 1000) : 0,
    zone: m[at + 5],
  };
}

const WITH_TIME = String.raw`(?:${JOIN}${TIME}${ZONE})?`;

const PATTERNS: Pattern[] = [
  {
    // 2026-04-12, 2026-04-12T14:30:00Z, 2026-04-12 14:30 (CEST), 2026/04/12
    regex: new RegExp(String.raw`(?<![\d.])(\d{4})([-/])(\d{2})\2(\d{2})(?![\d])${WITH_TIME}`, "g"),
    read: (m) => ({ year: +m[1], month: +m[3], day: +m[4], ...timeParts(m, 5) }),
  },
  {
    // 24.06.2025 (day first), optionally with a time
    regex: new RegExp(String.raw`(?<![\d.])(\d{1,2})\.(\d{1,2})\.(\d{4})(?!\d)${WITH_TIME}`, "g"),
    read: (m) => ({ year: +m[3], month: +m[2], day: +m[1], ...timeParts(m, 4) }),
  },
  {
    // 14/06/2026 or 6/14/2026, 6:20:45 AM: US order when the second number cannot be a month
    regex: new RegExp(String.raw`(?<![\d/])(\d{1,2})/(\d{1,2})/(\d{4})(?!\d)${WITH_TIME}`, "g"),
    read: (m) => {
      const a = +m[1];
      const b = +m[2];
      const usLocale = b > 12 || (a <= 12 && m[8] !== undefined);
      return { year: +m[3], month: usLocale ? a : b, day: usLocale ? b : a, ...timeParts(m, 4) };
    },
  },
  {
    // April 12, 2026 / Apr 12th 2026
    regex: new RegExp(String.raw`(?<!\p{L})(\p{L}{3,9}\.?)\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})(?!\d)${WITH_TIME}`, "gu"),
    read: (m) => {
      const month = monthNumber(m[1]);
      return month ? { year: +m[3], month, day: +m[2], ...timeParts(m, 4) } : null;
    },
  },
  {
    // 12 April 2026 / 12. März 2026 / 10 de Junho de 2026 / 17 июля 2025
    regex: new RegExp(String.raw`(?<!\d)(\d{1,2})\.?\s+(?:de\s+)?(\p{L}{3,9}\.?),?\s+(?:de\s+|del\s+)?(\d{4})(?!\d)${WITH_TIME}`, "gu"),
    read: (m) => {
      const month = monthNumber(m[2]);
      return month ? { year: +m[3], month, day: +m[1], ...timeParts(m, 4) } : null;
    },
  },
];

const pad = (n: number) => String(n).padStart(2, "0");

/** A date found in text: the instant (ISO-8601 UTC) and the calendar day as written, in the text's own zone. */
export interface WrittenDate {
  iso: string;
  /** YYYY-MM-DD as the author wrote it (before any time-zone conversion). */
  day: string;
  index: number;
}

/** The earliest date written in a piece of text, with its day as written. */
export function findDate(text: string | null | undefined): WrittenDate | null {
  if (!text) return null;
  let best: WrittenDate | null = null;
  for (const pattern of PATTERNS) {
    pattern.regex.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = pattern.regex.exec(text))) {
      const parts = pattern.read(m);
      const iso = parts ? partsToIso(parts) : null;
      if (parts && iso) {
        if (!best || m.index < best.index) best = { index: m.index, iso, day: `${parts.year}-${pad(parts.month)}-${pad(parts.day)}` };
        break;
      }
    }
  }
  return best;
}

/** Every date written in a piece of text, in order. */
export function findDates(text: string | null | undefined): WrittenDate[] {
  const found: WrittenDate[] = [];
  if (!text) return found;
  for (const pattern of PATTERNS) {
    pattern.regex.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = pattern.regex.exec(text))) {
      const parts = pattern.read(m);
      const iso = parts ? partsToIso(parts) : null;
      if (parts && iso && !found.some((f) => Math.abs(f.index - m!.index) < 3)) {
        found.push({ index: m.index, iso, day: `${parts.year}-${pad(parts.month)}-${pad(parts.day)}` });
      }
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

/** The earliest date written in a piece of text, as ISO-8601 UTC. */
export function parseDateText(text: string | null | undefined): string | null {
  return findDate(text)?.iso ?? null;
}

const FILENAME_PATTERNS: Pattern[] = [
  {
    // 2026-01-22T13-07-04-757Z, 2026-04-14-1600, 2026-04-12-143000, 2026-04-12_14-30
    regex: /(?<!\d)(\d{4})-(\d{2})-(\d{2})(?:[T_ -](\d{2})[-:h]?(\d{2})(?:[-:]?(\d{2}))?(?:[-.](\d{3}))?Z?)?(?![\d])/g,
    read: (m) => ({
      year: +m[1], month: +m[2], day: +m[3],
      hour: m[4] ? +m[4] : undefined, minute: m[5] ? +m[5] : undefined,
      second: m[6] ? +m[6] : undefined, millis: m[7] ? +m[7] : undefined,
    }),
  },
  {
    // 20260412-143000, 20260412_1430, 20260412T143000, 20260412
    regex: /(?<!\d)(\d{4})(\d{2})(\d{2})(?:[-_T]?(\d{2})(\d{2})(\d{2})?)?(?!\d)/g,
    read: (m) => ({
      year: +m[1], month: +m[2], day: +m[3],
      hour: m[4] ? +m[4] : undefined, minute: m[5] ? +m[5] : undefined, second: m[6] ? +m[6] : undefined,
    }),
  },
];

function firstFilenameDate(name: string): string | null {
  let best: { index: number; iso: string } | null = null;
  for (const pattern of FILENAME_PATTERNS) {
    pattern.regex.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = pattern.regex.exec(name))) {
      const parts = pattern.read(m);
      const iso = parts ? partsToIso(parts) : null;
      if (iso) {
        if (!best || m.index < best.index) best = { index: m.index, iso };
        break;
      }
    }
  }
  return best?.iso ?? null;
}

/** A date named by the file (or, failing that, by one of its folders), read as UTC. */
export function dateFromPath(path: string): string | null {
  const name = baseName(path);
  const fromName = firstFilenameDate(name);
  if (fromName) return fromName;
  const folders = path.replace(/\\/g, "/").split("/").slice(0, -1).reverse();
  for (const folder of folders) {
    const iso = firstFilenameDate(folder);
    if (iso) return iso;
  }
  return null;
}

/** First date among content candidates (in priority order), else the file name. */
export function resolveDate(contentCandidates: Array<string | null | undefined>, path: string): FoundDate | null {
  for (const candidate of contentCandidates) {
    const found = findDate(candidate);
    if (found) return { iso: found.iso, source: "content", day: found.day };
  }
  const fromPath = dateFromPath(path);
  return fromPath ? { iso: fromPath, source: "filename", day: fromPath.slice(0, 10) } : null;
}
