import { z } from "zod";
import type { ErrorBody } from "../../errors";
import { accountTypes } from "../auth";
import type { PublicConfig } from "../config";
import type { Upload } from "../uploads";
import type { User } from "../users";
import type { SameType } from "./same-type";

/** Response schemas of accounts, deployment facts, uploads and the one error body. */

export const userSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    accountType: z.enum(accountTypes),
    role: z.enum(["user", "admin"]),
    verified: z.boolean(),
    emailVerified: z
      .boolean()
      .describe("The address was proved by the mailed link (or by Google); admin rights need it."),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "User" });
true satisfies SameType<z.infer<typeof userSchema>, User>;

export const sessionSchema = z.object({ user: userSchema.nullable() });
export const userListSchema = z.object({
  items: z.array(userSchema),
  nextCursor: z.string().nullable().describe("Pass as `cursor` for the next, older page."),
});
export const sellerVerifiedSchema = z.object({ id: z.string(), verified: z.boolean() });

export const publicConfigSchema = z.object({
  currency: z.string().describe("ISO 4217 code used for every price."),
  googleSignIn: z.enum(["social"]).nullable(),
});
true satisfies SameType<z.infer<typeof publicConfigSchema>, PublicConfig>;

export const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.object({
    dialect: z.enum(["sqlite", "postgres"]),
    reachable: z.boolean(),
    latencyMs: z.number().optional().describe("Absent when the database does not answer."),
  }),
});

export const uploadSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    thumbnailUrl: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: "Upload" });
true satisfies SameType<z.infer<typeof uploadSchema>, Upload>;

export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z
        .record(z.string(), z.string())
        .optional()
        .describe("A message per field, with VALIDATION_FAILED."),
    }),
  })
  .meta({ id: "Error" });
true satisfies SameType<z.infer<typeof errorBodySchema>, ErrorBody>;
