import { type Compilable, type CompiledQuery, createQueryId, type QueryResult } from "kysely";
import type { AppDb } from "./database";

/**
 * Statements built and compiled by Kysely once per shape, then run with each
 * call's values. Kysely builds a query's tree and compiles it to SQL on
 * every call: for the bike read model (thirty columns, five joins) that is
 * about 60 µs, a third of what the whole read costs on SQLite, and with the
 * garbage it leaves, a fifth or more of this process's CPU for a booking, a
 * heart or a message (docs/decisions/0025-statements-compiled-once.md).
 *
 * `build` is called with stand-ins for `values`: each string, number, bigint
 * or Date becomes a marker that Kysely binds as a parameter like any value;
 * each list becomes a list of markers of the same length. Null, undefined and
 * booleans are passed as they are, since a query may be built differently
 * for them. The compiled SQL is kept under the list lengths and those values
 * (its shape), per dialect, and each call binds its own values where the
 * markers landed.
 *
 * So `build` may only pass those values on to Kysely as values to bind: a
 * query whose SQL depends on them otherwise (`sql.lit(value)`, `value + 1`,
 * a branch on a string) must not use this. Outside production every call
 * also builds its query from the real values and fails if the SQL or its
 * parameters differ: the tests catch a builder that breaks the rule.
 *
 * A database with plugins (a test's statement counter, a fault injector)
 * builds every query as usual: plugins see each query as Kysely builds it.
 */

type Scalar = string | number | bigint | boolean | Date | null | undefined;
export type BoundValues = Record<string, Scalar | readonly Scalar[]>;

/** Where a value of the call goes: `values[key]`, or `values[key][index]`. */
class Marker {
  constructor(
    readonly key: string,
    readonly index: number | null,
  ) {}
}

/** Whether each call is checked (above): outside production. Read at the first call. */
let verify: boolean | undefined;

export function compiledOnce<Values extends BoundValues, Row>(
  name: string,
  build: (db: AppDb, values: Values) => Compilable<Row>,
): (db: AppDb, values: Values) => Promise<QueryResult<Row>> {
  // Per dialect (its adapter), then per shape: the query compiled from stand-ins, whose
  // parameters are each a marker to fill from the call's values or a constant of the query.
  const templates = new WeakMap<object, Map<string, CompiledQuery<Row>>>();
  return async (db, values) => {
    const executor = db.getExecutor();
    if (executor.plugins.length > 0) return await db.executeQuery(build(db, values));
    let byShape = templates.get(executor.adapter);
    if (!byShape) {
      byShape = new Map();
      templates.set(executor.adapter, byShape);
    }
    const shape = shapeOf(values);
    let template = byShape.get(shape);
    if (!template) {
      try {
        template = build(db, standInsFor(values)).compile();
      } catch (error) {
        throw dependsOnValues(name, error);
      }
      byShape.set(shape, template);
    }
    const parameters = template.parameters.map((parameter) => valueFor(parameter, values));
    verify ??= process.env.NODE_ENV !== "production";
    if (verify) {
      const direct = build(db, values).compile();
      const same =
        direct.sql === template.sql &&
        direct.parameters.length === parameters.length &&
        direct.parameters.every((value, index) => Object.is(value, parameters[index]));
      if (!same) throw dependsOnValues(name);
    }
    return await db.executeQuery<Row>({
      query: template.query,
      sql: template.sql,
      parameters,
      queryId: createQueryId(),
    });
  };
}

function dependsOnValues(name: string, cause?: unknown) {
  return new Error(
    `compiledOnce(${name}): the query's SQL depends on its values, not only on their shape; build it with Kysely on each call instead`,
    { cause },
  );
}

function isStandIn(value: Scalar): value is string | number | bigint | Date {
  return (
    typeof value === "string" ||
    typeof value === "number" ||
    typeof value === "bigint" ||
    value instanceof Date
  );
}

/** What the compiled SQL may depend on: list lengths, and values passed as they are. */
function shapeOf(values: BoundValues): string {
  let shape = "";
  for (const [key, value] of Object.entries(values)) {
    if (Array.isArray(value)) {
      shape += `${key}[${value.map((item: Scalar) => (isStandIn(item) ? "?" : String(item))).join(",")}];`;
    } else {
      shape += `${key}=${isStandIn(value as Scalar) ? "?" : String(value)};`;
    }
  }
  return shape;
}

function standInsFor<Values extends BoundValues>(values: Values): Values {
  const standIns: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    standIns[key] = Array.isArray(value)
      ? value.map((item: Scalar, index) => (isStandIn(item) ? new Marker(key, index) : item))
      : isStandIn(value as Scalar)
        ? new Marker(key, null)
        : value;
  }
  // The markers stand where the builder expects the values' types; it only binds them.
  return standIns as Values;
}

function valueFor(parameter: unknown, values: BoundValues): unknown {
  if (!(parameter instanceof Marker)) return parameter;
  const value = values[parameter.key];
  return parameter.index === null ? value : (value as readonly Scalar[])[parameter.index];
}
