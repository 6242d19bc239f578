import { useConfig } from "../lib/config";
import { formatPrice } from "../lib/format";

/**
 * A whole-unit price in the deployment's currency (GET /api/config). Until
 * the currency is known it shows a placeholder rather than guessing one.
 */
export function Price({ amount, className }: { amount: number; className?: string }) {
  const { data: config } = useConfig();
  if (!config) {
    return (
      <span className={className} aria-busy="true">
        …
      </span>
    );
  }
  return <span className={className}>{formatPrice(amount, config.currency)}</span>;
}
