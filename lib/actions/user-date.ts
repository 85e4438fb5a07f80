/**
 * The one reader of a date a person types: `cairn snooze --until`, `cairn set --saved-at`, and the dashboard's
 * snooze and "Edit details" forms. Strict: a day or a time that does not exist (2027-02-29, 2026-04-31, T24:00,
 * 14:60) is refused with a message naming it, never rolled over into another day as JavaScript's Date does.
 *
 * Accepted: `YYYY-MM-DD` (the start of that day, UTC) and `YYYY-MM-DD[T ]HH:MM[:SS[.fraction]]` with an optional
 * zone (`Z`, `+02:00`, `+0200`, `+02`); a time without a zone is UTC, as Cairn shows every time.
 */

export type UserDate = { ok: true; iso: string } | { ok: false; message: string };

const FORM = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** Days in a month of the proleptic Gregorian calendar (February 29 only in leap years). */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

const refuse = (written: string, why: string): UserDate => ({ ok: false, message: `${written} does not exist: ${why}.` });

/** Minutes east of UTC for a written zone, or null when no place keeps such an offset. */
function zoneMinutes(zone: string | undefined): number | null {
  if (!zone || zone.toUpperCase() === "Z") return 0;
  const digits = zone.slice(1).replace(":", "");
  const hours = Number(digits.slice(0, 2));
  const minutes = digits.length > 2 ? Number(digits.slice(2)) : 0;
  if (hours > 14 || minutes > 59 || (hours === 14 && minutes > 0)) return null;
  return (zone[0] === "-" ? -1 : 1) * (hours * 60 + minutes);
}

/** Read a typed date; the result is ISO-8601 UTC, or a message saying what is wrong with what was typed. */
export function parseUserDate(input: string): UserDate {
  const written = input.trim();
  const m = FORM.exec(written);
  if (!m) {
    const shown = written.length > 40 ? `${written.slice(0, 40)}…` : written;
    return { ok: false, message: `"${shown}" is not a date: use YYYY-MM-DD, or an ISO-8601 time such as 2026-05-01T14:30Z.` };
  }
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [hour, minute, second] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
  if (month < 1 || month > 12) return refuse(written, "months run from 01 to 12");
  const days = daysInMonth(year, month);
  if (day < 1 || day > days) return refuse(written, `${MONTH_NAMES[month - 1]} ${year} has ${days} days`);
  if (hour > 23) return refuse(written, "hours run from 00 to 23 (midnight is 00:00 of the next day)");
  if (minute > 59) return refuse(written, "minutes run from 00 to 59");
  if (second > 59) return refuse(written, "seconds run from 00 to 59");
  const offset = zoneMinutes(m[8]);
  if (offset === null) return refuse(written, `no time zone is ${m[8]} (offsets run from -14:00 to +14:00)`);
  const millis = m[7] ? Math.floor(Number(`0.${m[7]}`) * 1000) : 0;
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  utc.setUTCHours(hour, minute, second, millis);
  return { ok: true, iso: new Date(utc.getTime() - offset * 60_000).toISOString() };
}
