/**
 * A number grouped the English way, "18,500": the words Number's
 * `toLocaleString` gives in English, without building a formatter.
 *
 * A formatter is slow to build: with a locale, `toLocaleString` builds one
 * per call (about a fifth of a millisecond each), and a page's first one
 * makes the browser load its number data, tens of milliseconds on a phone,
 * inside whatever task asked first. Whole numbers, which is what ReRide
 * groups (kilometres, cc, counts, limits), need no data: the digits in
 * threes. Anything else goes to one formatter, built when first needed.
 */
export function groupedNumber(value: number): string {
  if (Number.isSafeInteger(value)) {
    const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ",");
    return value < 0 || Object.is(value, -0) ? `-${digits}` : digits;
  }
  english ??= new Intl.NumberFormat("en");
  return english.format(value);
}

let english: Intl.NumberFormat | undefined;
