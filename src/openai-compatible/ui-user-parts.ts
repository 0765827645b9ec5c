// The parts of a useChat user message on /v1/ui/chat (docs/ui-chat.md#request). Its text parts are the run's
// input and its file parts its images (wire-images.ts). The parts the AI SDK keeps for the page, which its own
// convertToModelMessages gives no model either, are passed over: `step-start` (a step boundary), `data-*`
// (the app's data for its UI) and sources (references shown beside a reply). Any other part (reasoning, a
// tool call, a provider's custom content, a type this route does not know) would reach the model as nothing,
// so it is refused by its path rather than dropped.
import { badRequest } from "../http-kit/errors";

const PASSED_OVER = new Set(["step-start", "source-url", "source-document"]);
const isPassedOver = (type: string) => PASSED_OVER.has(type) || type.startsWith("data-");

/** The text of the user message messages[`at`], its text parts joined; 400 naming the first part the run would not read. */
export function userText(parts: ReadonlyArray<{ type: string; text?: unknown }>, at: number): string {
  const texts = parts.flatMap((p, j) => {
    const path = `messages[${at}].parts[${j}]`;
    if (p.type === "text") {
      if (typeof p.text !== "string") throw badRequest("invalid_request", `${path}.text must be a string.`);
      return [p.text];
    }
    // File parts are read by uiImages.
    if (p.type !== "file" && !isPassedOver(p.type))
      throw badRequest("invalid_request", `${path}.type "${p.type}" is not read in a user message: send text and image file parts.`);
    return [];
  });
  return texts.join("\n").trim();
}
