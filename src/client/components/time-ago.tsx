import { exactDateTime, timeAgo } from "../lib/relative-time";

/** "3 days ago", with the exact date and time on hover and in the markup. */
export function TimeAgo({ iso, prefix }: { iso: string; prefix?: string }) {
  const exact = exactDateTime(iso);
  return (
    <time dateTime={iso} title={exact}>
      {prefix ? `${prefix} ` : null}
      {timeAgo(iso)}
    </time>
  );
}
