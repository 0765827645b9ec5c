// A run's requested answer format (RunOptions.answerFormat) with its check: a JSON object for json_object;
// for json_schema, JSON valid against the schema, checked by the project's JSON Schema validation.
import { type AnswerFormat, parsedObject, type ResponseFormat } from "../../agent";
import { jsonSchemaValidation } from "../../lib/json-schema-validation";

export function answerFormatOf(format: ResponseFormat): AnswerFormat {
  if (format.type === "json_object") return { format, check: parsedObject };
  const validate = jsonSchemaValidation(format.schema);
  return {
    format,
    check(text) {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (e) {
        return { ok: false, error: `it is not JSON (${e instanceof Error ? e.message : String(e)}).` };
      }
      const verdict = validate(value);
      return verdict.ok ? { ok: true } : { ok: false, error: `it does not match the schema:\n${verdict.error}` };
    },
  };
}
