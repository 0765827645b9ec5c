// Micro-compaction: old, long tool results are shortened in what the model sees. A search result read
// twenty steps ago rarely matters whole; its head and a marker cost a fraction of it, and the marker
// says how to read it all again. The stored history keeps every result as it was.
import type { Message, ToolResultMessage } from "../messages";

export interface MicroCompactionLimits {
  /** The latest results kept whole, however long. */
  keepRecent: number;
  /** Results longer than this (characters) are shortened once they are older than `keepRecent`. */
  minChars: number;
  /** Characters of a shortened result's head that stay. */
  keepChars: number;
}

export interface MicroCompacted {
  messages: Message[];
  /** The shortened results as they were, so the caller can keep them whole. */
  shortened: ToolResultMessage[];
}

/** `exempt` keeps a result whole whatever its age (a loaded skill's instructions). */
export function microCompact(view: readonly Message[], limits: MicroCompactionLimits, exempt: (m: ToolResultMessage) => boolean): MicroCompacted {
  const shortened: ToolResultMessage[] = [];
  let recent = 0;
  const out = [...view];
  for (let i = out.length - 1; i >= 0; i--) {
    const m = out[i]!;
    if (m.role !== "tool") continue;
    if (++recent <= limits.keepRecent || m.content.length <= limits.minChars || exempt(m)) continue;
    shortened.push(m);
    out[i] = {
      ...m,
      content:
        `${m.content.slice(0, limits.keepChars)}\n[… an older result, shortened in your context from ${m.content.length} characters. ` +
        `read_tool_output({"id":"${m.id}"}) returns it whole.]`,
    };
  }
  return { messages: out, shortened };
}
