// Arguments checked against a JSON Schema (an MCP server's tool, a run recipe's output tool, an MCP
// server's form), with errors phrased per argument ("a: Instance type ...") so a model or a person
// learns exactly what was wrong.
import { Validator, type Schema, type SchemaDraft } from "@cfworker/json-schema";

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
