// How full the model's context is before a call: the provider's own count of the previous request
// (usage.prompt_tokens) plus an estimate of the messages added since. The provider's count is exact for
// what it saw, so the estimate only ever covers the last step or two. When the conversation changed
// otherwise (compaction, a new system prompt), the estimate of the whole is scaled by how far off the
// estimator was last time.
//
// No tokenizer: a BPE table (~1-4 MB) would weigh on the Worker's bundle and 128 MB, and the estimate
// only has to be right to within the margin the compaction threshold leaves.
import { isHarnessNote, type Message } from "../messages";
import { estimateMessageTokens, estimateTokens, estimateToolsTokens } from "./tokens";

interface Observation {
  system: string;
  keys: string[];
  toolsTokens: number;
  promptTokens: number;
  estimate: number;
}

/** Identifies a message as the model saw it (a shortened result is another message to the provider). */
const keyOf = (m: Message) => `${m.id}:${m.content.length}`;

/** How far the correction may scale a plain estimate. */
const MIN_RATIO = 0.5;
const MAX_RATIO = 4;

export class PromptTokenCounter {
  private last: Observation | undefined;

  count(system: string, messages: readonly Message[], tools: readonly object[]): number {
    const toolsTokens = estimateToolsTokens(tools);
    const last = this.last;
    if (last && last.system === system && last.toolsTokens === toolsTokens && isPrefix(last.keys, messages)) {
      let added = 0;
      for (const m of messages.slice(last.keys.length)) added += estimateMessageTokens(m);
      return last.promptTokens + added;
    }
    const estimate = plainEstimate(system, messages, toolsTokens);
    if (!last) return estimate;
    const ratio = Math.min(MAX_RATIO, Math.max(MIN_RATIO, last.promptTokens / Math.max(1, last.estimate)));
    return Math.ceil(estimate * ratio);
  }

  /** Learns the provider's count of a request (nothing to learn when it reported no usage). */
  observe(system: string, messages: readonly Message[], tools: readonly object[], promptTokens: number | undefined): void {
    if (!promptTokens) return;
    const toolsTokens = estimateToolsTokens(tools);
    // A harness note (a todo reminder) is in this request but not in the history the next count starts
    // from: its tokens stay in the provider's count (a little high, never low), its key leaves the prefix.
    const kept = messages.filter((m) => !isHarnessNote(m));
    this.last = { system, keys: kept.map(keyOf), toolsTokens, promptTokens, estimate: plainEstimate(system, kept, toolsTokens) };
  }
}

function plainEstimate(system: string, messages: readonly Message[], toolsTokens: number): number {
  return estimateTokens(messages, system) + toolsTokens;
}

function isPrefix(keys: readonly string[], messages: readonly Message[]): boolean {
  if (keys.length > messages.length) return false;
  return keys.every((k, i) => k === keyOf(messages[i]!));
}
