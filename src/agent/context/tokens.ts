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

const toolsTokens = new WeakMap<readonly object[], number>();

/** The tool definitions count toward the prompt too. Cached per list: the registry keeps one array until its tools change. */
export function estimateToolsTokens(tools: readonly object[]): number {
  if (!tools.length) return 0;
  let n = toolsTokens.get(tools);
  if (n === undefined) toolsTokens.set(tools, (n = estimateTextTokens(JSON.stringify(tools))));
  return n;
}
