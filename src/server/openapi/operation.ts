import type { ZodType } from "zod";

/** Who may call an operation (PRODUCT.md §1); it decides the security and the 401/403 answers. */
export type Access = "anyone" | "signed in" | "seller" | "admin";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A body of another media type than JSON (a photo upload, the reference page). */
export interface Media {
  contentType: string;
  schema?: ZodType;
}

/**
 * One endpoint as the document shows it, paired with the very schema objects
 * its route validates with (`body`, `query`) and the schemas of its answers.
 */
export interface Operation {
  method: Method;
  /** As mounted in Hono, with `:param` placeholders. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  /** A JSON body (read with `readJson`), or another media type. */
  body?: ZodType | Media;
  query?: ZodType;
  /** Success answers by status: a JSON schema, another media type, or null for no body. */
  responses: Partial<Record<200 | 201 | 204 | 503, ZodType | Media | null>>;
  /** Error statuses beyond those `access`, `body` and `query` already imply. */
  errors?: number[];
}
