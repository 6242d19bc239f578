import { type ZodType, z } from "zod";

export type JsonObject = { [key: string]: unknown };

/**
 * zod's JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) for one
 * schema, with its named parts (`.meta({ id })`) moved into `components`.
 * Requests are described as they may be sent (`input`: defaults make a field
 * optional), answers as they are sent (`output`).
 */
export function toSchemaObject(
  schema: ZodType,
  io: "input" | "output",
  components: Record<string, JsonObject>,
): JsonObject {
  const {
    $schema: _dialect,
    $defs,
    ...rest
  } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    // Refinements and transforms have no JSON Schema; the shape before them is documented.
    unrepresentable: "any",
  }) as JsonObject;
  for (const [id, definition] of Object.entries(($defs ?? {}) as Record<string, JsonObject>)) {
    const hoisted = pointRefsAtComponents(definition) as JsonObject;
    const known = components[id];
    if (known && JSON.stringify(known) !== JSON.stringify(hoisted)) {
      throw new Error(`Two different schemas are both named ${id}`);
    }
    components[id] = hoisted;
  }
  return pointRefsAtComponents(rest) as JsonObject;
}

function pointRefsAtComponents(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pointRefsAtComponents);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) =>
      key === "$ref" && typeof inner === "string"
        ? [key, inner.replace("#/$defs/", "#/components/schemas/")]
        : [key, pointRefsAtComponents(inner)],
    ),
  );
}
