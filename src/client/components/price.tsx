import { useConfig } from "../lib/config";
import { formatPrice } from "../lib/format";
import { beforeLive, keepsServerText, useHydrated } from "../lib/use-hydrated";

/**
 * A whole-unit price in the deployment's currency (GET /api/config). Until
 * the currency is known it shows a placeholder rather than guessing one.
 */
export function Price({ amount, className }: { amount: number; className?: string }) {
  const { data: config } = useConfig();
  const hydrated = useHydrated();
  if (!config) {
    return (
      <span className={className} aria-busy="true">
        …
      </span>
    );
  }
  const currency = config.currency;
  const keep = keepsServerText(hydrated);
  if (keep) beforeLive(`price ${currency}`, () => formatPrice(0, currency));
  // Formatted in the browser's locale once the page is live. While hydrating, the server's text
  // stays (React keeps it where suppressHydrationWarning says so) and nothing is formatted; going
  // live changes the text from "" to the browser's, so React writes it over the server's.
  return (
    <span className={className} suppressHydrationWarning>
      {keep ? "" : formatPrice(amount, currency)}
    </span>
  );
}
