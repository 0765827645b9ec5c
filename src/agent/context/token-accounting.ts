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
  /**
   * The messages the provider counted, by id and length (a shortened result is another message to the
   * provider): compared without building a string per message, as every step compares the whole history.
   */
  ids: string[];
  lengths: number[];
  toolsTokens: number;
  promptTokens: number;
  /** The same messages, estimated only when a later count is no extension of them (messages never change in place). */
  messages: readonly Message[];
  estimate?: number;
}

/** How far the correction may scale a plain estimate. */
const MIN_RATIO = 0.5;
const MAX_RATIO = 4;

export class PromptTokenCounter {
  private last: Observation | undefined;

  count(system: string, messages: readonly Message[], tools: readonly object[]): number {
    const toolsTokens = estimateToolsTokens(tools);
    const last = this.last;
    if (last && last.system === system && last.toolsTokens === toolsTokens && continues(last, messages)) {
      let added = 0;
      for (let i = last.ids.length; i < messages.length; i++) added += estimateMessageTokens(messages[i]!);
      return last.promptTokens + added;
    }
    const estimate = plainEstimate(system, messages, toolsTokens);
    if (!last) return estimate;
    last.estimate ??= plainEstimate(last.system, last.messages, last.toolsTokens);
    const ratio = Math.min(MAX_RATIO, Math.max(MIN_RATIO, last.promptTokens / Math.max(1, last.estimate)));
    return Math.ceil(estimate * ratio);
  }

  /** Learns the provider's count of a request (nothing to learn when it reported no usage). */
  observe(system: string, messages: readonly Message[], tools: readonly object[], promptTokens: number | undefined): void {
    if (!promptTokens) return;
    // A harness note (a todo reminder) is in this request but not in the history the next count starts
    // from: its tokens stay in the provider's count (a little high, never low), and it leaves the prefix.
    const kept = messages.filter((m) => !isHarnessNote(m));
    const toolsTokens = estimateToolsTokens(tools);
    this.last = { system, ids: kept.map((m) => m.id), lengths: kept.map((m) => m.content.length), toolsTokens, promptTokens, messages: kept };
  }
}

function plainEstimate(system: string, messages: readonly Message[], toolsTokens: number): number {
  return estimateTokens(messages, system) + toolsTokens;
}

/** Whether `messages` begins with the observed ones. */
function continues(last: Observation, messages: readonly Message[]): boolean {
  const { ids, lengths } = last;
  if (ids.length > messages.length) return false;
  for (let i = 0; i < ids.length; i++) {
    const m = messages[i]!;
    if (m.id !== ids[i] || m.content.length !== lengths[i]) return false;
  }
  return true;
}
