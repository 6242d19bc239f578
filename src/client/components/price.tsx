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
  // Formatted in the browser's locale: the server's guess is replaced, not patched, once hydrated.
  // While hydrating, the server's text stays and nothing is formatted: the browser's first
  // currency formatter (tens of milliseconds on a phone) is built in an idle moment of its own.
  return (
    <span key={hydrated ? "browser" : "server"} className={className} suppressHydrationWarning>
      {keep ? "" : formatPrice(amount, currency)}
    </span>
  );
}
