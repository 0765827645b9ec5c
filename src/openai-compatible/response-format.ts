// Structured output as both wires ask for it, read into the one ResponseFormat a run carries: Chat Completions
// `response_format` ({type, json_schema: {name, schema, strict}}) and Responses `text.format` ({type, name,
// schema, strict}). `text` asks for nothing; a schema the validator could not use is a 400 naming its param.
import * as z from "zod";
import type { ResponseFormat } from "../agent";
import { schemaProblem } from "../lib/json-schema-validation";
import { refuseDeepSchema } from "./client-schema-depth";
import { ParamError } from "./openai-errors";
import { refuseNonStrictSchema } from "./strict-tool-schema";

/** OpenAI's rule for a format's name. */
const Name = z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/, "1-64 characters of a-z, A-Z, 0-9, _ and -");
const SchemaConfig = z.looseObject({
  name: Name,
  description: z.string().nullish(),
  schema: z.record(z.string(), z.unknown()),
  strict: z.boolean().nullish(),
});

/** Chat Completions' `response_format`. */
export const ChatResponseFormat = z.discriminatedUnion("type", [
  z.looseObject({ type: z.literal("text") }),
  z.looseObject({ type: z.literal("json_object") }),
  z.looseObject({ type: z.literal("json_schema"), json_schema: SchemaConfig }),
]);

/** The Responses API's `text.format`. */
export const ResponsesTextFormat = z.discriminatedUnion("type", [
  z.looseObject({ type: z.literal("text") }),
  z.looseObject({ type: z.literal("json_object") }),
  SchemaConfig.extend({ type: z.literal("json_schema") }),
]);

/** The run's format, or undefined for plain text (`text`, or no format). */
export function chatAnswerFormat(f: z.output<typeof ChatResponseFormat> | null | undefined, maxDepth: number): ResponseFormat | undefined {
  if (f?.type !== "json_schema") return f?.type === "json_object" ? { type: "json_object" } : undefined;
  return schemaFormat(f.json_schema, "response_format.json_schema.schema", maxDepth);
}

export function responsesAnswerFormat(f: z.output<typeof ResponsesTextFormat> | null | undefined, maxDepth: number): ResponseFormat | undefined {
  if (f?.type !== "json_schema") return f?.type === "json_object" ? { type: "json_object" } : undefined;
  return schemaFormat(f, "text.format.schema", maxDepth);
}

/** `maxDepth`: JSON_SCHEMA_MAX_DEPTH. */
function schemaFormat(c: z.output<typeof SchemaConfig>, param: string, maxDepth: number): ResponseFormat {
  refuseDeepSchema(c.schema, param, maxDepth);
  const problem = schemaProblem(c.schema, param);
  if (problem) throw new ParamError("invalid_request", `The JSON Schema cannot be used: ${problem}.`, param);
  // OpenAI refuses a strict format whose schema breaks strict mode's rules; after the run would be too late.
  if (c.strict) refuseNonStrictSchema(c.schema, param, "response format");
  return {
    type: "json_schema",
    name: c.name,
    schema: c.schema,
    ...(c.strict != null ? { strict: c.strict } : {}),
    ...(c.description ? { description: c.description } : {}),
  };
}
