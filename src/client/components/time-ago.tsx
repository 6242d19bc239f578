import { exactDateTime, timeAgo } from "../lib/relative-time";
import { useHydrated } from "../lib/use-hydrated";

/** "3 days ago", with the exact date and time on hover and in the markup. */
export function TimeAgo({ iso, prefix }: { iso: string; prefix?: string }) {
  const exact = exactDateTime(iso);
  // The browser's clock, locale and time zone replace the server's once the page runs.
  const hydrated = useHydrated();
  return (
    <time
      key={hydrated ? "browser" : "server"}
      dateTime={iso}
      title={exact}
      suppressHydrationWarning
    >
      {prefix ? `${prefix} ` : null}
      {timeAgo(iso)}
    </time>
  );
}
