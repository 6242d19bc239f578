import fc from "fast-check";

/**
 * Generators of hostile request input for the fuzz tests
 * (tests/reliability/hostile-input.test.ts): what a careless client, a
 * scanner or an attacker sends instead of the body an endpoint expects.
 */

const surrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit));

/** Text that has broken parsers, databases and renderers before. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "\uD800",
    "\uDFFF",
    "x\uDBFFy",
    "\u202Eevil\u202C",
    "\u200F\u05E9\u05DC\u05D5\u05DD \u0645\u0631\u062D\u0628\u0627",
    "\u200B\u200C\u200D\u2060\uFEFF",
    "🏍️👨‍👩‍👧‍👦🏳️‍🌈",
    "e\u0301\u0301\u0301\u0301",
    "İıẞß",
    "\r\n\t\u000b\u000c\u0085\u2028\u2029",
    "'; drop table bikes; --",
    '" OR 1=1 --',
    "' OR '1'='1",
    "%",
    "_",
    "\\",
    "%00",
    "%E0%A4%A",
    "../../../../etc/passwd",
    "<img src=x onerror=alert(1)>",
    "<script>alert(1)</script>",
    "javascript:alert(1)",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent literally
    "${7*7}{{7*7}}",
    "null",
    "undefined",
    "NaN",
    "Infinity",
    "-1",
    "1e309",
    "0x10",
    "true",
    "[]",
    "{}",
    "__proto__",
  ),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: surrogate, minLength: 1, maxLength: 5 }),
  fc.constantFrom(2_001, 70_000, 300_000).map((length) => "x".repeat(length)),
  fc.constantFrom(500, 20_000).map((count) => "🏍️".repeat(count)),
  fc.constant(`+${"9".repeat(5000)}`),
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1.5,
    0.1,
    1e308,
    -1e308,
    2 ** 53 + 1,
    -(2 ** 53) - 1,
    2 ** 31,
    2 ** 63,
    1e21,
    5e-324,
    60,
    61,
    10_000_000,
    10_000_001,
  ),
  fc.integer(),
  fc.double({ noNaN: false }),
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constant({ __proto__: null, toString: "x", valueOf: 1 }) },
);

/** Keys a handler might trust, override or pollute with. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "__proto__",
    "constructor",
    "prototype",
    "toString",
    "hasOwnProperty",
    "isAdmin",
    "role",
    "admin",
    "accountType",
    "verified",
    "emailVerified",
    "sellerId",
    "buyerId",
    "userId",
    "id",
    "status",
    "listedPrice",
    "finalPrice",
    "discountPercent",
    "advertised",
    "photos",
    "",
    "a".repeat(1000),
  ),
  fc.string({ maxLength: 12 }),
);

type Mutation = (body: Record<string, unknown>) => void;

function mutation(keys: string[]): fc.Arbitrary<Mutation> {
  const existing = keys.length > 0 ? fc.constantFrom(...keys) : hostileKey;
  return fc.oneof(
    fc.tuple(existing, hostileValue).map(
      ([key, value]): Mutation =>
        (body) => {
          body[key] = value;
        },
    ),
    existing.map(
      (key): Mutation =>
        (body) => {
          delete body[key];
        },
    ),
    fc.tuple(hostileKey, hostileValue).map(
      ([key, value]): Mutation =>
        (body) => {
          // defineProperty: an own "__proto__" key, as JSON.parse makes it.
          Object.defineProperty(body, key, {
            value,
            enumerable: true,
            configurable: true,
            writable: true,
          });
        },
    ),
  );
}

/** A valid body with one to three fields broken, removed or added, sometimes wrapped. */
function mutatedBody(base: Record<string, unknown>): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.array(mutation(Object.keys(base)), { minLength: 1, maxLength: 3 }),
      fc.constantFrom("object", "object", "object", "array", "nested"),
    )
    .map(([mutations, wrap]) => {
      const body = { ...base };
      for (const apply of mutations) apply(body);
      const shaped = wrap === "array" ? [body] : wrap === "nested" ? { data: body } : body;
      return JSON.stringify(shaped);
    });
}

/** Prototype-pollution payloads, written as raw JSON so the keys are real own keys. */
function pollutingBody(base: Record<string, unknown>): fc.Arbitrary<string> {
  const inner = JSON.stringify(base).slice(1, -1);
  const comma = inner ? "," : "";
  return fc.constantFrom(
    `{"__proto__":{"isAdmin":true,"role":"admin","accountType":"admin"}${comma}${inner}}`,
    `{${inner}${comma}"__proto__":{"verified":true,"status":"sold"}}`,
    `{"constructor":{"prototype":{"isAdmin":true}}${comma}${inner}}`,
    `{${inner}${comma}"__proto__":null}`,
    `{"__proto__":[]${comma}${inner}}`,
  );
}

/** Bodies that aren't JSON at all, or only nearly. */
export const notJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '{"a":',
    "{'a':1}",
    "undefined",
    "NaN",
    "[1,2",
    "\u0000",
    "<?xml version='1.0'?><a/>",
    "a=1&b=2",
    '{"a":1}garbage',
    '\uFEFF{"a":1}',
    '{"a":1,"a":2}',
    `${"[".repeat(20_000)}${"]".repeat(20_000)}`,
    `${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}`,
    "1".repeat(400),
    '"just a string"',
    "null",
    "true",
    "42",
    "[]",
  ),
  fc.string({ unit: "binary", maxLength: 60 }),
);

/** Any body for an endpoint whose valid body is `base` (undefined: no body at all). */
export function hostileBody(base: Record<string, unknown>): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 6, arbitrary: mutatedBody(base) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)) },
    { weight: 2, arbitrary: notJson },
    { weight: 1, arbitrary: pollutingBody(base) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/** A path segment standing for an id: mostly a real one, else something hostile (encoded or not). */
export function hostileId(real: string[]): fc.Arbitrary<string> {
  const encoded = hostileString
    .filter((value) => value.length < 3000)
    .map((value) => {
      try {
        return encodeURIComponent(value);
      } catch {
        return "%ED%A0%80"; // a lone surrogate can't be encoded: its UTF-8 bytes instead
      }
    })
    .filter((value) => value !== "");
  const rawHostile = fc.constantFrom(
    "%",
    "%E0%A4%A",
    "%uD800",
    "%ZZ",
    "..%2F..%2F",
    "%2e%2e",
    "%00",
    "a%0Ab",
  );
  return fc.oneof(
    {
      weight: real.length > 0 ? 3 : 0,
      arbitrary: real.length > 0 ? fc.constantFrom(...real) : fc.constant("x"),
    },
    { weight: 3, arbitrary: encoded },
    { weight: 1, arbitrary: rawHostile },
    { weight: 1, arbitrary: fc.uuid() },
  );
}

export const contentType: fc.Arbitrary<string | undefined> = fc.constantFrom(
  "application/json",
  "application/json",
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=xyz",
  undefined,
);
