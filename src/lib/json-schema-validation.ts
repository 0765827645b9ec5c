// Arguments checked against a JSON Schema (an MCP server's tool, a run recipe's output tool, an MCP
// server's form), with errors phrased per argument ("a: Instance type ...") so a model or a person
// learns exactly what was wrong.
import { Validator, type Schema, type SchemaDraft } from "@cfworker/json-schema";
import { nestedDeeperThan } from "./json-depth";

const MAX_REPORTED_ERRORS = 10;

export type SchemaValidation = { ok: true; value: unknown } | { ok: false; error: string };

function draftOf(schema: Record<string, unknown>): SchemaDraft {
  const uri = typeof schema.$schema === "string" ? schema.$schema : "";
  if (uri.includes("draft-04")) return "4";
  if (uri.includes("draft-06") || uri.includes("draft-07")) return "7";
  if (uri.includes("2019-09")) return "2019-09";
  return "2020-12"; // the MCP default when $schema is absent
}

/** A validator over a JSON Schema, its errors phrased per argument ("a: Instance type ..."). */
export function jsonSchemaValidation(schema: Record<string, unknown>): (args: unknown) => SchemaValidation {
  const validator = new Validator(schema as Schema, draftOf(schema), false);
  return (args) => {
    const result = validator.validate(args);
    if (result.valid) return { ok: true, value: args };
    // "properties" and "false" entries only restate an error reported for the property itself.
    const lines = result.errors
      .filter((e) => e.keyword !== "properties" && e.keyword !== "false")
      .slice(0, MAX_REPORTED_ERRORS)
      .map((e) => `${e.instanceLocation.replace(/^#\/?/, "").replaceAll("/", ".") || "(arguments)"}: ${e.error}`);
    return { ok: false, error: lines.join("\n") };
  };
}

const TYPES = new Set(["string", "number", "integer", "boolean", "object", "array", "null"]);
const SCHEMA_MAPS = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"];
const SCHEMA_LISTS = ["anyOf", "allOf", "oneOf", "prefixItems"];
const SCHEMA_ONES = ["additionalProperties", "not", "if", "then", "else", "contains", "propertyNames", "unevaluatedProperties"];

/**
 * Levels of objects and arrays schemaProblem walks at most (its walk recurses once per level, far below the
 * stack's reach here); a deeper schema is a problem in itself. JSON_SCHEMA_MAX_DEPTH may not exceed it.
 */
export const SCHEMA_DEPTH_CEILING = 256;

/**
 * What makes a JSON Schema unusable, at `path`, or null when it is usable: the keywords that hold schemas
 * hold schemas, `type` names JSON types, `required` lists names, and every `$ref` resolves. A caller's schema
 * is checked here before a run relies on it; the validator itself would accept nonsense silently.
 */
export function schemaProblem(schema: unknown, path = "schema"): string | null {
  if (nestedDeeperThan(schema, SCHEMA_DEPTH_CEILING)) return `${path}: nested deeper than ${SCHEMA_DEPTH_CEILING} levels of objects and arrays`;
  return shapeProblem(schema, path) ?? refProblem(schema, schema, path);
}

/** A `$ref` that does not point into the schema itself (`#`, `#/$defs/x`): nothing outside is fetched. */
function refProblem(node: unknown, root: unknown, path: string): string | null {
  if (node === null || typeof node !== "object") return null;
  for (const [k, v] of Object.entries(node)) {
    if (k === "$ref" && typeof v === "string" && !resolves(v, root)) return `${path}.$ref: '${v}' does not resolve inside the schema`;
    const bad = refProblem(v, root, Array.isArray(node) ? `${path}[${k}]` : `${path}.${k}`);
    if (bad) return bad;
  }
  return null;
}

function resolves(ref: string, root: unknown): boolean {
  if (!ref.startsWith("#")) return false;
  let at: unknown = root;
  for (const raw of ref.slice(1).split("/").slice(1)) {
    const key = decodeURIComponent(raw).replaceAll("~1", "/").replaceAll("~0", "~");
    if (at === null || typeof at !== "object" || !Object.hasOwn(at, key)) return false;
    at = (at as Record<string, unknown>)[key];
  }
  return true;
}

function shapeProblem(s: unknown, path: string): string | null {
  if (typeof s === "boolean") return null;
  if (s === null || typeof s !== "object" || Array.isArray(s)) return `${path}: a schema is an object (or true/false)`;
  const o = s as Record<string, unknown>;
  const types = Array.isArray(o.type) ? o.type : o.type === undefined ? [] : [o.type];
  if (types.some((t) => typeof t !== "string" || !TYPES.has(t))) return `${path}.type: not a JSON type (${JSON.stringify(o.type)})`;
  if (o.required !== undefined && (!Array.isArray(o.required) || o.required.some((r) => typeof r !== "string")))
    return `${path}.required: a list of property names`;
  if (o.enum !== undefined && !Array.isArray(o.enum)) return `${path}.enum: a list of values`;
  for (const k of SCHEMA_MAPS) {
    const map = o[k];
    if (map === undefined) continue;
    if (map === null || typeof map !== "object" || Array.isArray(map)) return `${path}.${k}: an object of schemas`;
    for (const [name, sub] of Object.entries(map)) {
      const bad = shapeProblem(sub, `${path}.${k}.${name}`);
      if (bad) return bad;
    }
  }
  for (const k of SCHEMA_LISTS) {
    const list = o[k];
    if (list === undefined) continue;
    if (!Array.isArray(list)) return `${path}.${k}: a list of schemas`;
    for (const [i, sub] of list.entries()) {
      const bad = shapeProblem(sub, `${path}.${k}[${i}]`);
      if (bad) return bad;
    }
  }
  for (const k of [...SCHEMA_ONES, "items"]) {
    if (o[k] === undefined) continue;
    // draft-07's tuple form: items as a list of schemas.
    const subs = k === "items" && Array.isArray(o[k]) ? (o[k] as unknown[]) : [o[k]];
    for (const sub of subs) {
      const bad = shapeProblem(sub, `${path}.${k}`);
      if (bad) return bad;
    }
  }
  return null;
}
