import { useConfig } from "../lib/config";
import { formatPrice } from "../lib/format";
import { useHydrated } from "../lib/use-hydrated";

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
  // Formatted in the browser's locale: the server's guess is replaced, not patched, once hydrated.
  return (
    <span key={hydrated ? "browser" : "server"} className={className} suppressHydrationWarning>
      {formatPrice(amount, config.currency)}
    </span>
  );
}
