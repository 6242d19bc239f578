import { expect, test } from "vitest";
import { type ErrorBody, quoteOf } from "./errors";

const priceChanged = (quote: unknown): ErrorBody =>
  ({ error: { code: "PRICE_CHANGED", message: "The price changed.", quote } }) as ErrorBody;

test("a PRICE_CHANGED body's quote is read as sent", () => {
  const quote = {
    listedPrice: 2500,
    discountPercent: 20,
    finalPrice: 2000,
    reason: "first-booking",
  };
  expect(quoteOf(priceChanged(quote))).toEqual(quote);
  expect(quoteOf(priceChanged({ ...quote, reason: null }))).toEqual({ ...quote, reason: null });
});

test("a missing or malformed quote is treated as absent, so the client asks for the bike again", () => {
  const quote = { listedPrice: 2500, discountPercent: 20, finalPrice: 2000, reason: null };
  expect(quoteOf(priceChanged(undefined))).toBeUndefined();
  expect(quoteOf(priceChanged("2000"))).toBeUndefined();
  expect(quoteOf(priceChanged({ ...quote, finalPrice: "2000" }))).toBeUndefined();
  expect(quoteOf(priceChanged({ ...quote, listedPrice: Number.NaN }))).toBeUndefined();
  expect(quoteOf(priceChanged({ ...quote, reason: "a gift" }))).toBeUndefined();
});
