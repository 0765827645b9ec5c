// A tool's arguments are closed: a key its schema does not name is refused, naming it, never dropped.
// zod's z.object strips unknown keys without a word, so a model that sent `web_search {query, count}`
// believed `count` applied. The model is told up front too: every object of a tool's JSON Schema that
// names its properties, and says nothing of others, says `additionalProperties: false`.

type Schema = Record<string, unknown>;

/** Whether `v` can be a JSON Schema object (an object, not an array or null). */
export const isSchema = (v: unknown): v is Schema => typeof v === "object" && v !== null && !Array.isArray(v);

/** Whether `schema` is an object schema that names its properties and leaves other keys unsaid. */
const closable = (schema: Schema) => isSchema(schema.properties) && schema.additionalProperties === undefined;

/** `schema` with `additionalProperties: false` on every closable object, nested ones included (a copy). */
export function closedSchema(schema: Schema): Schema {
  const out: Schema = { ...schema };
  if (isSchema(schema.properties)) out.properties = mapValues(schema.properties, closedSchema);
  if (isSchema(schema.items)) out.items = closedSchema(schema.items);
  if (isSchema(schema.$defs)) out.$defs = mapValues(schema.$defs, closedSchema);
  for (const k of ["anyOf", "oneOf", "allOf"] as const) {
    const list = schema[k];
    if (Array.isArray(list)) out[k] = list.map((s) => (isSchema(s) ? closedSchema(s) : s));
  }
  if (closable(schema)) out.additionalProperties = false;
  return out;
}

/**
 * Where `value` has a key that `schema` (as closedSchema makes it) refuses: `count`, `todos[0].priority`.
 * Inside a union (anyOf, oneOf) or behind a $ref the branch is not known here; the tool's own parse judges those.
 */
export function unknownKeys(schema: Schema, value: unknown, path = ""): string[] {
  if (Array.isArray(value)) {
    return isSchema(schema.items) ? value.flatMap((v, i) => unknownKeys(schema.items as Schema, v, `${path}[${i}]`)) : [];
  }
  if (!isSchema(value) || !isSchema(schema.properties)) return [];
  const properties = schema.properties;
  const closed = schema.additionalProperties === false;
  return Object.entries(value).flatMap(([k, v]) => {
    const at = path ? `${path}.${k}` : k;
    const property = properties[k];
    if (isSchema(property)) return unknownKeys(property, v, at);
    return closed && !Object.hasOwn(properties, k) ? [at] : [];
  });
}

function mapValues(o: Schema, f: (s: Schema) => Schema): Schema {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, isSchema(v) ? f(v) : v]));
}
