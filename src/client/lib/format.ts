const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Prices are whole currency units (PRODUCT.md §3); the currency is the
 * deployment's, from GET /api/config. Formatters are cached because building
 * one is far slower than using it, and lists format many prices.
 */
export function formatPrice(amount: number, currency: string, locale?: string): string {
  const key = `${locale ?? ""}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(amount);
}
