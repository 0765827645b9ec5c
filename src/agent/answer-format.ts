// A run whose caller asked for its answer in a shape (an OpenAI client's response_format): the agent works
// as always, with its tools, and once it has answered, one more model call without tools but with the format
// writes the answer in that shape; it is checked, and a failed check gets one repair call that says what was
// wrong. The core checks nothing itself: the caller brings the check (a JSON Schema validator lives outside).
import type { ResponseFormat } from "./model";

export interface AnswerFormat {
  format: ResponseFormat;
  /** Whether a final answer has the shape; `error` says what was wrong, for the repair call and the run's error. */
  check(text: string): { ok: true } | { ok: false; error: string };
}

/** The formatting call, then at most one repair call. */
export const FORMAT_ATTEMPTS = 2;

const shapeOf = (f: ResponseFormat): string =>
  f.type === "json_object" ? "a JSON object" : `JSON matching the schema "${f.name}":\n${JSON.stringify(f.schema)}`;

/** The instruction of the formatting call, after the agent's answer. */
export function formatInstruction(f: ResponseFormat): string {
  return `Now write your final answer as ${shapeOf(f)}\nReply with the JSON only: no prose, no Markdown fence.`;
}

/** The instruction of the repair call: what the last attempt got wrong. */
export function repairInstruction(f: ResponseFormat, error: string): string {
  return `That reply was not valid: ${error}\nWrite it again as ${shapeOf(f)}\nReply with the JSON only.`;
}

/** A check for json_object (the JSON-Schema one is the caller's): the text must parse to a JSON object. */
export function parsedObject(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `it is not JSON (${e instanceof Error ? e.message : String(e)}).` };
  }
  return value !== null && typeof value === "object" && !Array.isArray(value) ? { ok: true, value } : { ok: false, error: "it is JSON but not an object." };
}
