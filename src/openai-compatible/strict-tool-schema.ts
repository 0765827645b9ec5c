// A client's function tool declared `strict` goes to the model with strict: true, and OpenAI then decodes the
// call's arguments against its schema, which must keep to strict mode's rules (OpenAI's function-calling
// guide): the root is an object, and every object has additionalProperties: false and lists all of its
// properties in `required` (an optional one is a required one whose type admits null). OpenAI answers a
// schema that breaks them with a 400; here that would come mid-run, as a 502, so it is refused up front. A
// structured output format declared `strict` (response_format, text.format) is held to the same rules.
import type { JsonSchema } from "../agent";
import { ParamError } from "./openai-errors";

/** Keywords whose value is a map of schemas, and those whose value is a schema or a list of them. */
const SCHEMA_MAPS = ["properties", "$defs", "definitions"];
const SCHEMA_HOLDERS = ["items", "anyOf", "oneOf", "allOf", "prefixItems"];

/** 400 naming `param` (the tool's parameters, or the format's schema: `what`) when `schema` breaks a rule of strict mode. */
export function refuseNonStrictSchema(schema: JsonSchema, param: string, what = "function"): void {
  const problem = schema.type === "object" ? objectProblem(schema, param) : `${param}: the schema of a strict ${what} is an object schema (type: "object")`;
  if (problem) throw new ParamError("invalid_request", `${problem}, as OpenAI's strict mode requires.`, param);
}

function objectProblem(node: unknown, at: string): string | null {
  if (node === null || typeof node !== "object") return null;
  if (Array.isArray(node)) {
    for (const [i, sub] of node.entries()) {
      const bad = objectProblem(sub, `${at}[${i}]`);
      if (bad) return bad;
    }
    return null;
  }
  const s = node as Record<string, unknown>;
  const types = Array.isArray(s.type) ? s.type : [s.type];
  const properties = s.properties !== null && typeof s.properties === "object" ? Object.keys(s.properties) : [];
  if (types.includes("object") || properties.length) {
    if (s.additionalProperties !== false) return `${at}: an object needs additionalProperties: false`;
    const required = new Set(Array.isArray(s.required) ? s.required : []);
    const optional = properties.filter((p) => !required.has(p));
    if (optional.length) return `${at}: required must list every property (${optional.join(", ")} missing; make an optional one nullable)`;
  }
  for (const k of SCHEMA_MAPS) {
    const map = s[k];
    if (map === null || typeof map !== "object") continue;
    for (const [name, sub] of Object.entries(map)) {
      const bad = objectProblem(sub, `${at}.${k}.${name}`);
      if (bad) return bad;
    }
  }
  for (const k of SCHEMA_HOLDERS) {
    const bad = objectProblem(s[k], `${at}.${k}`);
    if (bad) return bad;
  }
  return null;
}
