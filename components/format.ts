/** Small display helpers shared by pages (no DB, no fs). */
export function formatDate(iso: string | null): string {
  if (!iso) return "unknown date";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toISOString().slice(0, 16).replace("T", " ");
}

export function relativeTime(iso: string | null, now = Date.now()): string {
  if (!iso) return "";
  const seconds = Math.round((now - new Date(iso).getTime()) / 1000);
  if (Number.isNaN(seconds)) return "";
  const abs = Math.abs(seconds);
  const units: [number, string][] = [
    [60, "second"],
    [60, "minute"],
    [24, "hour"],
    [30, "day"],
    [12, "month"],
    [Number.POSITIVE_INFINITY, "year"],
  ];
  let value = abs;
  for (const [size, name] of units) {
    if (value < size) {
      const n = Math.max(1, Math.floor(value));
      const label = `${n} ${name}${n === 1 ? "" : "s"}`;
      return seconds >= 0 ? `${label} ago` : `in ${label}`;
    }
    value /= size;
  }
  return "";
}
