// Token estimates without a tokenizer: ~4 characters a token for English prose and JSON, which is
// what BPE tokenizers average; a real tokenizer would cost hundreds of KiB of bundle and CPU per step.
import type { Message } from "../messages";

const CHARS_PER_TOKEN = 4;
/** Per-message overhead of the chat format (role, separators). */
const MESSAGE_OVERHEAD = 4;

export function estimateTextTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

export function estimateMessageTokens(m: Message): number {
  let chars = m.content.length;
  if (m.role === "assistant") for (const c of m.toolCalls ?? []) chars += c.name.length + c.args.length + 12;
  return Math.ceil(chars / CHARS_PER_TOKEN) + MESSAGE_OVERHEAD;
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
