// Client JSON Schemas nested to a chosen depth, for the limit on them (JSON_SCHEMA_MAX_DEPTH): one past any
// sane need, and one as deep as a real nested model gets.

/** A schema nesting exactly `depth` levels of objects and arrays: objects each holding the next as an optional property. */
export function schemaNestedTo(depth: number): Record<string, unknown> {
  let schema: Record<string, unknown> = depth % 2 ? { type: "string" } : { type: "object", properties: {} };
  for (let d = depth % 2 ? 1 : 2; d < depth; d += 2) schema = { type: "object", properties: { next: schema } };
  return schema;
}

/**
 * `levels` objects, each holding the next as a nullable property the way zod and pydantic write one
 * (anyOf with null): 4 levels of JSON per level, 79 for 20. `{}` and `{"note": "…", "child": null}` match it.
 */
export function nullableObjectsSchema(levels: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: "object", properties: { note: { type: "string" } } };
  for (let i = 1; i < levels; i++) schema = { type: "object", properties: { note: { type: "string" }, child: { anyOf: [schema, { type: "null" }] } } };
  return schema;
}
