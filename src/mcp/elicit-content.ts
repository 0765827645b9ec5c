// The user's answer to an MCP server's form (elicitation, form mode) checked against the form's
// requestedSchema before it is sent: a flat object of string (minLength, maxLength, pattern, format),
// number and integer (minimum, maximum), boolean and enum (single or multiple choice) fields. Omitted
// fields that have a default get it (SEP-1034), then JSON Schema decides; fields the form does not
// have are refused. Errors name the field, one a line, so a client can show them beside the fields.
import { jsonSchemaValidation } from "../lib/json-schema-validation";

export type ElicitContent = Record<string, string | number | boolean | string[]>;

export type ContentCheck = { ok: true; content: ElicitContent } | { ok: false; errors: string[] };

export function checkElicitContent(requestedSchema: Record<string, unknown>, content: Record<string, unknown>): ContentCheck {
  const properties = (requestedSchema.properties ?? {}) as Record<string, { default?: unknown }>;
  const unknown = Object.keys(content).filter((k) => !Object.hasOwn(properties, k));
  if (unknown.length) return { ok: false, errors: unknown.map((k) => `${k}: not a field of this form`) };
  const filled: Record<string, unknown> = { ...content };
  for (const [field, schema] of Object.entries(properties)) {
    if (filled[field] === undefined && schema && typeof schema === "object" && schema.default !== undefined) filled[field] = schema.default;
  }
  const checked = jsonSchemaValidation({ type: "object", ...requestedSchema })(filled);
  return checked.ok ? { ok: true, content: filled as ElicitContent } : { ok: false, errors: checked.error.split("\n") };
}
