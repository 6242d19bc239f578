import { exactDateTime, timeAgo } from "../lib/relative-time";
import { beforeLive, keepsServerText, useHydrated } from "../lib/use-hydrated";

/** "3 days ago", with the exact date and time on hover and in the markup. */
export function TimeAgo({ iso, prefix }: { iso: string; prefix?: string }) {
  // The browser's clock, locale and time zone replace the server's once the page runs;
  // while it hydrates, the server's text and title stay and nothing is formatted.
  const hydrated = useHydrated();
  if (keepsServerText(hydrated)) {
    beforeLive("dates", () => {
      timeAgo(iso);
      exactDateTime(iso);
    });
    return (
      <time key="server" dateTime={iso} suppressHydrationWarning>
        {""}
      </time>
    );
  }
  const exact = exactDateTime(iso);
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
