// Token estimates without a tokenizer: ~4 characters a token for English prose and JSON, which is
// what BPE tokenizers average; a real tokenizer would cost hundreds of KiB of bundle and CPU per step.
// An image counts by the detail it is read at (IMAGE_TOKENS).
import type { ImageRef, Message } from "../messages";

const CHARS_PER_TOKEN = 4;
/** Per-message overhead of the chat format (role, separators). */
const MESSAGE_OVERHEAD = 4;

/**
 * An image's prompt tokens, by the detail it is read at. OpenAI documents them (the Images and vision guide,
 * "Calculating costs"): `low` is a flat 85 tokens; `high` is 85 plus 170 per 512-pixel tile of the image
 * scaled to fit 2048×2048 with its short side at 768: 765 for a square photo, 1105 for a page twice as tall
 * as wide. `auto` (the default) and `original` are counted as `high` at the larger figure: the estimate errs high.
 */
export const IMAGE_TOKENS = { low: 85, high: 1105 } as const;

export const estimateImageTokens = (i: ImageRef): number => (i.detail === "low" ? IMAGE_TOKENS.low : IMAGE_TOKENS.high);

export function estimateTextTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

export function estimateMessageTokens(m: Message): number {
  let chars = m.content.length;
  let images = 0;
  if (m.role === "assistant") for (const c of m.toolCalls ?? []) chars += c.name.length + c.args.length + 12;
  else if (m.role === "user" || m.role === "summary") for (const i of m.images ?? []) images += estimateImageTokens(i);
  return Math.ceil(chars / CHARS_PER_TOKEN) + MESSAGE_OVERHEAD + images;
}

export function estimateTokens(messages: readonly Message[], system = ""): number {
  let total = estimateTextTokens(system);
  for (const m of messages) total += estimateMessageTokens(m);
  return total;
}

/** Each tool definition's JSON length, kept per definition object (specs are kept per tool: tools.ts). */
const toolJsonChars = new WeakMap<object, number>();

/** The tool definitions count toward the prompt too: the length of the list's JSON, from each definition's. */
export function estimateToolsTokens(tools: readonly object[]): number {
  if (!tools.length) return 0;
  // "[" and "]", and a comma between two definitions.
  let chars = tools.length + 1;
  for (const t of tools) {
    let n = toolJsonChars.get(t);
    if (n === undefined) toolJsonChars.set(t, (n = JSON.stringify(t).length));
    chars += n;
  }
  return Math.ceil(chars / CHARS_PER_TOKEN);
}
