// Stands in for the `openai` SDK's parse helpers in the Worker bundle (wrangler.toml [alias] maps the chat
// completions and responses resources' imports of lib/parser.mjs and lib/ResponsesParser.mjs here): the
// zod-typed `chat.completions.parse()` and `responses.parse()`, which the Worker never calls (it checks a
// client's answer format itself, src/openai-compatible/response-format.ts). `responses.create` also adds
// `output_text` to every response with addOutputText, so that one is the SDK's own logic.
import { NotBundledError } from "./not-bundled";

const leftOut = (helper: string) => (): never => {
  throw new NotBundledError(`openai's ${helper}`, "call create() (src/bundle-stubs/openai-parse-helpers.ts)");
};

export const parseChatCompletion = leftOut("chat.completions.parse()");
export const validateInputTools = parseChatCompletion;
export const parseResponse = leftOut("responses.parse()");
export const resolveResponseParseOptions = parseResponse;

interface ResponseLike {
  output: Array<{ type: string; content?: Array<{ type: string; text?: string }> }>;
  output_text?: string;
}

/** The text of a response's messages, joined, as `output_text` (what lib/ResponsesParser.mjs's addOutputText does). */
export function addOutputText(rsp: ResponseLike): void {
  const texts: string[] = [];
  for (const output of rsp.output)
    if (output.type === "message") for (const content of output.content ?? []) if (content.type === "output_text") texts.push(content.text!);
  rsp.output_text = texts.join("");
}
