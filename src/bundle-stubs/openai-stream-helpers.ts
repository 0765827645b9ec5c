// Stands in for the `openai` SDK's stream helpers in the Worker bundle (wrangler.toml [alias] maps the
// chat completions and responses resources' imports of them here): `chat.completions.stream()` and
// `runTools()` (ChatCompletionStream and its runners, with their event emitter and partial-JSON parser) and
// `responses.stream()` (ResponseStream, with its response accumulator). The Worker calls `create` with
// `stream: true` (src/agent/providers/), which streams through the SDK's core Stream and needs none of them.
import { NotBundledError } from "./not-bundled";

const leftOut = (helper: string) => (): never => {
  throw new NotBundledError(`openai's ${helper}`, "call create({ stream: true }) (src/bundle-stubs/openai-stream-helpers.ts)");
};

export class ChatCompletionStream {
  static createChatCompletion = leftOut("chat.completions.stream()");
}

export class ChatCompletionRunner {
  static runTools = leftOut("chat.completions.runTools()");
}

export class ChatCompletionStreamingRunner {
  static runTools = leftOut("chat.completions.runTools({ stream: true })");
}

export class ResponseStream {
  static createResponse = leftOut("responses.stream()");
}
