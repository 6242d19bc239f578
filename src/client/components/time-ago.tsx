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
      <time dateTime={iso} suppressHydrationWarning>
        {""}
      </time>
    );
  }
  // One string, as while hydrating: going live changes it from "", so React writes it over the
  // server's words.
  const ago = timeAgo(iso);
  return (
    <time dateTime={iso} title={exactDateTime(iso)} suppressHydrationWarning>
      {prefix ? `${prefix} ${ago}` : ago}
    </time>
  );
}
