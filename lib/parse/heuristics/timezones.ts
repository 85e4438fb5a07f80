/** Time-zone words agents write after a time, turned into minutes east of UTC. */

const ABBREVIATIONS: Record<string, number> = {
  UTC: 0, GMT: 0, Z: 0, WET: 0, WEST: 60, BST: 60, IST: 330, CET: 60, CEST: 120, MEZ: 60, MESZ: 120,
  EET: 120, EEST: 180, MSK: 180, PKT: 300, ICT: 420, SGT: 480, HKT: 480, CST: -360, CDT: -300,
  EST: -300, EDT: -240, MST: -420, MDT: -360, PST: -480, PDT: -420, AKST: -540, AKDT: -480,
  HST: -600, JST: 540, KST: 540, AEST: 600, AEDT: 660, ACST: 570, AWST: 480, NZST: 720, NZDT: 780,
  BRT: -180, ART: -180, IDT: 180, WIB: 420,
};

/** Offset in minutes of an IANA zone (e.g. America/New_York) at a given UTC instant, via Intl. */
function ianaOffset(zone: string, utcMillis: number): number | null {
  try {
    const format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    const parts = Object.fromEntries(format.formatToParts(new Date(utcMillis)).map((p) => [p.type, p.value]));
    const asUtc = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour % 24, +parts.minute);
    return Math.round((asUtc - utcMillis) / 60000);
  } catch {
    return null;
  }
}

/**
 * Minutes east of UTC for a zone token ("Z", "+01:00", "+0530", "UTC+2", "CEST", "Europe/Berlin").
 * `localMillis` is the wall-clock time read as if it were UTC (needed for IANA daylight saving).
 * Returns null when the token is not a zone we know.
 */
export function zoneOffsetMinutes(token: string, localMillis: number): number | null {
  const t = token.trim();
  if (t === "Z" || t === "z") return 0;
  const numeric = /^(?:UTC|GMT)?\s*([+\-−])\s*(\d{1,2})(?::?(\d{2}))?$/i.exec(t);
  if (numeric) {
    const sign = numeric[1] === "+" ? 1 : -1;
    return sign * (Number(numeric[2]) * 60 + Number(numeric[3] ?? 0));
  }
  const upper = t.toUpperCase();
  if (upper in ABBREVIATIONS) return ABBREVIATIONS[upper];
  if (/^[A-Za-z]+\/[A-Za-z_]+(?:\/[A-Za-z_]+)?$/.test(t)) {
    const guess = ianaOffset(t, localMillis);
    if (guess === null) return null;
    // Re-evaluate at the corrected instant so DST edges resolve to the right side.
    return ianaOffset(t, localMillis - guess * 60000) ?? guess;
  }
  return null;
}
