// The content parts a Chat Completions message may carry, per role, as OpenAI's types allow them and the
// agent reads them: text everywhere, `image_url` in user messages, an assistant's `refusal`. Any other
// part (`input_audio`, `file`, an image outside a user message) is refused with its path: fromWire would
// read it as nothing, and the agent would answer as if it had not been sent.
import * as z from "zod";
import { ParamError } from "./openai-errors";
import { WireImageDetail } from "./wire-images";

/** What each part the agent reads must hold. */
const PARTS = {
  text: z.looseObject({ text: z.string() }),
  // A bare URL string is read as {url}; detail holds to OpenAI's values.
  image_url: z.looseObject({
    image_url: z.preprocess(
      (v) => (typeof v === "string" ? { url: v } : v),
      z.looseObject({ url: z.string({ error: "must be a data URL" }), detail: WireImageDetail }, { error: "must be {url: <a data URL>}" }),
    ),
  }),
  refusal: z.looseObject({ refusal: z.string() }),
};
type PartType = keyof typeof PARTS;

const READ_BY_ROLE: Record<string, readonly PartType[]> = {
  user: ["text", "image_url"],
  assistant: ["text", "refusal"],
  system: ["text"],
  developer: ["text"],
  tool: ["text"],
};

/** 400 for the first part of `messages` the agent cannot read: a type it does not take there, or a malformed part. */
export function refuseUnreadParts(messages: readonly { role: string; content?: unknown }[]): void {
  messages.forEach((m, i) => {
    if (!Array.isArray(m.content)) return;
    const read = READ_BY_ROLE[m.role] ?? ["text"];
    (m.content as { type: string }[]).forEach((part, k) => {
      const at = `messages[${i}].content[${k}]`;
      const type = read.find((t) => t === part.type);
      if (!type) {
        if (part.type === "image_url") throw new ParamError("unsupported_content", `${at}: image_url parts are read in user messages only.`, at);
        throw new ParamError("unsupported_content", `${at}.type "${part.type}" is not supported: send ${read.join(" or ")} parts.`, `${at}.type`);
      }
      const shape = PARTS[type].safeParse(part);
      if (!shape.success) {
        const issue = shape.error.issues[0]!;
        const param = [at, ...issue.path.map(String)].join(".");
        throw new ParamError("invalid_request", `${param}: ${issue.message}`, param);
      }
    });
  });
}
