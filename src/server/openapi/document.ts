import type { ZodType } from "zod";
import { errorBodySchema } from "#src/shared/schemas/responses/accounts";
import { type JsonObject, toSchemaObject } from "./json-schema";
import type { Media, Operation } from "./operation";
import { operations } from "./operations";

const STATUS_TEXT: Record<number, string> = {
  200: "OK",
  201: "Created",
  204: "No content",
  400: "The request doesn't fit: `VALIDATION_FAILED` with a message per field, or `BAD_REQUEST`",
  401: "Not signed in (`UNAUTHENTICATED`), or wrong credentials",
  403: "Signed in without the right (`FORBIDDEN`)",
  404: "No such record (`NOT_FOUND`)",
  409: "The record's state doesn't allow it (`CONFLICT`, `EMAIL_TAKEN`)",
  413: "Too large (`PAYLOAD_TOO_LARGE`)",
  415: "Not a JPEG, PNG or WebP photo (`UNSUPPORTED_MEDIA_TYPE`)",
  429: "Too many attempts (`RATE_LIMITED`); `Retry-After` says how many seconds to wait",
  503: "The database can't be reached right now; `Retry-After` says when to try again",
};

/** "/api/bikes/:id" → "/api/bikes/{id}" */
export function toOpenApiPath(path: string): string {
  return path.replace(/:([A-Za-z]+)/g, "{$1}");
}

/** GET /api/bikes/:id → "getApiBikesId" */
function operationIdOf({ method, path }: Operation): string {
  const words = `${method} ${path}`
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return words.map((word, i) => (i === 0 ? word : word[0]?.toUpperCase() + word.slice(1))).join("");
}

function isMedia(value: ZodType | Media): value is Media {
  return "contentType" in value;
}

/** The error statuses an operation can answer, implied by who may call it and what it reads. */
function errorStatuses(operation: Operation): number[] {
  const implied = new Set(operation.errors ?? []);
  if (operation.access !== "anyone") implied.add(401);
  if (operation.access === "seller" || operation.access === "admin") implied.add(403);
  if (operation.body || operation.query) implied.add(400);
  return [...implied].sort((a, b) => a - b);
}

function renderOperation(operation: Operation, components: Record<string, JsonObject>) {
  const content = (value: ZodType | Media, io: "input" | "output") => {
    const media = isMedia(value) ? value : { contentType: "application/json", schema: value };
    const schema = media.schema ? toSchemaObject(media.schema, io, components) : {};
    return { [media.contentType]: { schema } };
  };
  const responses: JsonObject = {};
  for (const [status, answer] of Object.entries(operation.responses)) {
    responses[status] = {
      description: STATUS_TEXT[Number(status)] ?? "",
      ...(answer ? { content: content(answer, "output") } : {}),
    };
  }
  for (const status of errorStatuses(operation)) {
    responses[String(status)] ??= {
      description: STATUS_TEXT[status] ?? "",
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    };
  }
  const pathParameters = [...operation.path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  return {
    tags: [operation.tag],
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    operationId: operationIdOf(operation),
    ...(operation.access === "anyone" ? {} : { security: [{ session: [] }] }),
    parameters: [...pathParameters, ...queryParameters(operation.query, components)],
    ...(operation.body
      ? { requestBody: { required: true, content: content(operation.body, "input") } }
      : {}),
    responses,
  };
}

/** Each property of a query schema becomes one `in: query` parameter. */
function queryParameters(query: ZodType | undefined, components: Record<string, JsonObject>) {
  if (!query) return [];
  const schema = toSchemaObject(query, "input", components);
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries((schema.properties ?? {}) as Record<string, JsonObject>).map(
    ([name, property]) => ({ name, in: "query", required: required.has(name), schema: property }),
  );
}

/** The OpenAPI 3.1 document served at /api/openapi.json, rendered from the route schemas. */
export function renderOpenApiDocument(): JsonObject {
  const components: Record<string, JsonObject> = {};
  const paths: Record<string, JsonObject> = {};
  for (const operation of operations) {
    const key = toOpenApiPath(operation.path);
    paths[key] = {
      ...paths[key],
      [operation.method.toLowerCase()]: renderOperation(operation, components),
    };
  }
  components.Error = toSchemaObject(errorBodySchema, "output", components);
  return {
    openapi: "3.1.0",
    info: {
      title: "ReRide API",
      version: "1",
      description:
        "A marketplace for used motorbikes. JSON in and out, camelCase, ISO-8601 times. Caching, abuse limits and the error table: docs/api.md.",
    },
    servers: [{ url: "/" }],
    tags: [...new Set(operations.map((operation) => operation.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          name: "reride.session_token",
          description:
            "The HttpOnly cookie the /api/auth routes set (`__Secure-` prefixed on https).",
        },
      },
    },
  };
}
