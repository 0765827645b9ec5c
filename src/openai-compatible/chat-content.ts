// What a chat client sees of a run: the agent's text as it streams, with its tool activity as short
// progress lines in the same text. Tool calls are never handed to the client as `tool_calls`: the
// client would try to run them itself.
import type { StreamRow } from "../session/trace/stream-events";
import { describePlan, describeToolCall, describeToolFailure, PROGRESS_MARK } from "./progress-lines";

export interface ChatContentOptions {
  /** Progress lines for tool calls and plan changes (header X-Agent-Progress: none turns them off). */
  progress: boolean;
}

/** The content of the reply, piece by piece, until the run's stream ends. */
export async function* chatContent(events: AsyncIterable<StreamRow>, opts: ChatContentOptions): AsyncGenerator<string> {
  let tail = "";
  // Each progress line is a paragraph of its own, so Markdown front ends do not run it into the text.
  const line = (text: string) => {
    const gap = tail === "" || tail.endsWith("\n\n") ? "" : tail.endsWith("\n") ? "\n" : "\n\n";
    return `${gap}${PROGRESS_MARK} ${text}\n\n`;
  };
  const emit = (piece: string) => {
    tail = (tail + piece).slice(-2);
    return piece;
  };
  for await (const { event: e } of events) {
    // Subagents report to their parent; their words are not the reply.
    if (e.type === "text.delta" && !e.agent && e.delta) yield emit(e.delta);
    else if (e.type === "approval.required") yield emit(line(`waiting for approval to run ${e.name} (approval ${e.approvalId})`));
    else if (e.type === "input.required") yield emit(line(`waiting for an answer to ${e.server}: ${e.message} (input ${e.inputId})`));
    else if (!opts.progress) continue;
    else if (e.type === "tool.started") {
      const text = describeToolCall(e.name, e.args);
      if (text) yield emit(line(text));
    } else if (e.type === "tool.finished" && e.status === "error") yield emit(line(describeToolFailure(e.name, e.output)));
    else if (e.type === "todo.updated") yield emit(line(describePlan(e.todos)));
  }
}
