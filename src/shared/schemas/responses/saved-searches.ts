import { z } from "zod";
import type { SavedSearch } from "../saved-searches";
import type { SameType } from "./same-type";

/** Response schemas of saved searches. */

export const savedSearchSchema = z
  .object({
    id: z.string(),
    name: z.string().nullable().describe("Null when none was given."),
    query: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
      .describe(
        "The filters and sort as GET /api/bikes takes them, as its query schema read them (no cursor or page size).",
      ),
    createdAt: z.iso.datetime(),
    matchCount: z
      .number()
      .int()
      .min(0)
      .describe("Bikes listed or available again that matched it since it was saved."),
    lastMatchedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "SavedSearch" });
true satisfies SameType<
  Omit<z.infer<typeof savedSearchSchema>, "query">,
  Omit<SavedSearch, "query">
>;

export const savedSearchListSchema = z.object({ items: z.array(savedSearchSchema) });
