import { LRUCache } from "lru-cache";
import type { AppDb } from "../db/database";

/**
 * Search words, computed by the app rather than by either database: SQLite's
 * FTS5 and PostgreSQL's tsvector index the same pre-folded tokens, so both
 * find the same bikes, and PostgreSQL needs no `unaccent` extension
 * (docs/decisions/0004-search.md).
 */

// Latin letters with no Unicode decomposition, so NFKD alone leaves them as
// they are; folding them lets "lodz" find "Łódź" and "strasse" find "Straße".
const UNDECOMPOSABLE: Record<string, string> = {
  æ: "ae",
  ð: "d",
  đ: "d",
  ħ: "h",
  ı: "i",
  ł: "l",
  ø: "o",
  œ: "oe",
  ß: "ss",
  þ: "th",
  ŧ: "t",
};
const UNDECOMPOSABLE_PATTERN = new RegExp(`[${Object.keys(UNDECOMPOSABLE).join("")}]`, "gu");

// Accents left by NFKD are combining marks and go; the few spacing
// "diacritics" (^, `, ·) separate words like any other punctuation.
const COMBINING = /\p{M}/u;

// Marks are part of a word: Bengali or Devanagari vowel signs are marks, and
// splitting at them would cut "ঢাকা" into pieces. Accents are gone by then.
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/** Lower-case, accent-free words: everything else (punctuation, quotes, *, %, _) separates words. */
export function searchWords(text: string): string[] {
  const folded = text
    .normalize("NFKD")
    .toLowerCase()
    .replace(/\p{Diacritic}/gu, (mark) => (COMBINING.test(mark) ? "" : " "))
    .replace(UNDECOMPOSABLE_PATTERN, (letter) => UNDECOMPOSABLE[letter] ?? letter)
    .normalize("NFC");
  return folded.match(WORD) ?? [];
}

/** Distinct words joined by single spaces: the form stored in `searchText` / `searchLocation`. */
function wordsText(...parts: string[]): string {
  return [...new Set(parts.flatMap(searchWords))].join(" ");
}

export interface SearchableBike {
  title: string;
  name: string;
  location: string;
}

/** The columns a bike write must store beside the fields they come from. */
export function searchColumns(bike: SearchableBike) {
  return {
    searchText: wordsText(bike.title, bike.name, bike.location),
    searchLocation: wordsText(bike.location),
  };
}

// Query strings for the two engines. Words come from searchWords, so they hold
// only letters, digits and marks; the quotes are still doubled so that no
// later change to searchWords can let FTS or tsquery syntax through.

/**
 * One query word for the full-text index: the stored words it starts
 * (`exact`), or, when it starts too many to list, the word itself to be
 * matched as a prefix by the index.
 */
export type IndexTerm = { exact: string[] } | { prefix: string };

/** A query word starting more stored words than this is asked as a prefix. */
export const MAX_EXACT_WORDS = 64;

/**
 * The stored words each query word starts, from the vocabulary the database
 * keeps (migration 008); null when a word starts none, so nothing can match.
 * A word is a prefix of another exactly when the other lies in
 * [word, word + U+10FFFF): both tables compare bytes.
 */
export async function indexTerms(db: AppDb, words: string[]): Promise<IndexTerm[] | null> {
  return termsOf(words, await Promise.all(words.map((word) => wordsStartedBy(db, word))));
}

/** Up to MAX_EXACT_WORDS + 1 stored words that `word` starts, in order. */
async function wordsStartedBy(db: AppDb, word: string): Promise<string[]> {
  const rows = await db
    .selectFrom("searchWords")
    .select("word")
    .where("word", ">=", word)
    .where("word", "<", `${word}\u{10FFFF}`)
    .orderBy("word")
    .limit(MAX_EXACT_WORDS + 1)
    .execute();
  return rows.map((row) => row.word);
}

function termsOf(words: string[], started: string[][]): IndexTerm[] | null {
  const terms: IndexTerm[] = [];
  for (const [i, stored] of started.entries()) {
    if (stored.length === 0) return null;
    terms.push(stored.length > MAX_EXACT_WORDS ? { prefix: words[i] ?? "" } : { exact: stored });
  }
  return terms;
}

/** How a search turns its words into index terms: indexTerms, or lookups this process kept. */
export interface Vocabulary {
  termsOf(words: string[]): Promise<IndexTerm[] | null>;
}

/** The data version moved by every new word in the vocabulary (migration 014). */
export const VOCABULARY_KEY = "search";

/** Query words whose lookups a process keeps: a few hundred distinct words cover most searches. */
const KEPT_LOOKUPS = 5_000;

const keptLookups = new WeakMap<
  AppDb,
  { version: string; lookups: LRUCache<string, Promise<string[]>> }
>();

/**
 * The vocabulary as of `version`, the `search` data version read for this
 * request before any of its reads (middleware/cached-read.ts). The words
 * each query word starts change only when a listing brings a word never
 * stored before, and every such write moves `search` (migration 014's
 * triggers on `searchWords`), so a lookup read after this version was read
 * is kept for every later request that reads the same version: a search
 * read afresh after a booking, a heart or a listing of known words asks the
 * database nothing for its words (on PostgreSQL a round trip per word;
 * docs/decisions/0021, thirty-second pass). A lookup under way is shared,
 * so the page and the count of one search ask once. Without a version (a
 * caller that read none) or in a transaction, which may have written words
 * of its own, each search looks its words up.
 */
export function vocabularyAt(db: AppDb, version: string | undefined): Vocabulary {
  if (version === undefined || db.isTransaction) {
    return { termsOf: (words) => indexTerms(db, words) };
  }
  let kept = keptLookups.get(db);
  if (kept?.version !== version) {
    kept = { version, lookups: new LRUCache({ max: KEPT_LOOKUPS }) };
    keptLookups.set(db, kept);
  }
  const { lookups } = kept;
  const lookUp = (word: string) => {
    let found = lookups.get(word);
    if (!found) {
      found = wordsStartedBy(db, word);
      lookups.set(word, found);
      // A failed read is not kept: the next search asks again.
      const failed = found;
      failed.catch(() => {
        if (lookups.get(word) === failed) lookups.delete(word);
      });
    }
    return found;
  };
  return {
    termsOf: async (words) => termsOf(words, await Promise.all(words.map(lookUp))),
  };
}

const ftsPhrase = (word: string) => `"${word.replaceAll('"', '""')}"`;
const tsLexeme = (word: string) => `'${word.replaceAll("'", "''")}'`;

/** FTS5: `("duke" OR "dukes") AND "39"*` — every term matches some indexed word. */
export function ftsQuery(terms: IndexTerm[]): string {
  return terms
    .map((term) =>
      "prefix" in term
        ? `${ftsPhrase(term.prefix)}*`
        : `(${term.exact.map(ftsPhrase).join(" OR ")})`,
    )
    .join(" AND ");
}

/** tsquery: `('duke' | 'dukes') & '39':*` — the same rule; cast with ::tsquery, which takes lexemes as they are. */
export function tsQuery(terms: IndexTerm[]): string {
  return terms
    .map((term) =>
      "prefix" in term ? `${tsLexeme(term.prefix)}:*` : `(${term.exact.map(tsLexeme).join(" | ")})`,
    )
    .join(" & ");
}

/**
 * Rewrites a bike's search columns from its stored fields. Run inside the
 * transaction that changed title, name or location, after that update: the
 * row is then locked, so a concurrent edit of another field can't interleave.
 */
export async function refreshSearchColumns(db: AppDb, bikeId: string) {
  const bike = await db
    .selectFrom("bikes")
    .select(["title", "name", "location"])
    .where("id", "=", bikeId)
    .executeTakeFirst();
  if (bike)
    await db.updateTable("bikes").set(searchColumns(bike)).where("id", "=", bikeId).execute();
}
