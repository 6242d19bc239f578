const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

const relative = new Map<string, Intl.RelativeTimeFormat>();
const exact = new Map<string, Intl.DateTimeFormat>();

function cached<T>(cache: Map<string, T>, locale: string | undefined, make: () => T): T {
  const key = locale ?? "";
  let formatter = cache.get(key);
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}

/** "3 days ago", "yesterday", "just now": how long ago an ISO time was, in the reader's words. */
export function timeAgo(iso: string, now: number = Date.now(), locale?: string): string {
  const seconds = (new Date(iso).getTime() - now) / 1000;
  const size = Math.abs(seconds);
  // Intl would say "now" or "in 2 seconds" for a clock a little ahead of the server's.
  if (size < 60) return "just now";
  const format = cached(
    relative,
    locale,
    () => new Intl.RelativeTimeFormat(locale, { numeric: "auto" }),
  );
  for (const [unit, unitSeconds] of UNITS) {
    if (size >= unitSeconds) return format.format(Math.round(seconds / unitSeconds), unit);
  }
  return "just now";
}

/** The full date and time, for a tooltip beside the relative one. */
export function exactDateTime(iso: string, locale?: string): string {
  const format = cached(
    exact,
    locale,
    () => new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short" }),
  );
  return format.format(new Date(iso));
}
