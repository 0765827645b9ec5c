// What a chat client sees of a run: the agent's text as it streams, with its tool activity as short
// progress lines in the same text. Tool calls are never handed to the client as `tool_calls`: the
// client would try to run them itself.
import type { StreamRow } from "../session/trace/stream-events";
import { describeApproval, describePlan, describeQuestion, describeToolCall, describeToolFailure, PROGRESS_MARK } from "./progress-lines";
import type { StopCut } from "./stop-sequences";

export interface ChatContentOptions {
  /** Progress lines for tool calls and plan changes (header X-Agent-Progress: none turns them off). */
  progress: boolean;
  /** The answer only (a requested JSON format): no progress, approval or input lines, which would break the JSON. */
  answerOnly?: boolean;
  /** The client's `stop`: the text ends before the first sequence, and nothing follows it. */
  stop?: StopCut;
  /** Set as the run goes: the agent's answer was cut at an output limit, the client's cap or the model's (the loop's `output_truncated` warning). */
  cutAtCap?: boolean;
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
  const { stop } = opts;
  for await (const { event: e } of events) {
    // After a stop sequence the run goes on (its session keeps it), but the reply has ended.
    if (stop?.cut) continue;
    if (e.type === "warning" && e.code === "output_truncated" && !e.agent) opts.cutAtCap = true;
    // Subagents report to their parent; their words are not the reply.
    if (e.type === "text.delta" && !e.agent && e.delta) {
      const piece = stop ? stop.push(e.delta) : e.delta;
      if (piece) yield emit(piece);
      continue;
    }
    if (opts.answerOnly) continue;
    const said = lineOf(e, opts.progress);
    if (!said) continue;
    // A line between texts ends the text before it: a tail held for a stop sequence goes out first.
    const held = stop?.flush();
    if (held) yield emit(held);
    yield emit(line(said));
  }
  const held = stop?.flush();
  if (held) yield emit(held);
}

/** The line an event shows as (approvals and questions always; tool activity and the plan with `progress`), or null. */
function lineOf(e: StreamRow["event"], progress: boolean): string | null {
  if (e.type === "approval.required") return describeApproval(e.name, e.approvalId);
  if (e.type === "input.required") return describeQuestion(e.server, e.message, e.inputId, e.requestedSchema);
  if (!progress) return null;
  if (e.type === "tool.started") return describeToolCall(e.name, e.args);
  if (e.type === "tool.finished" && e.status === "error") return describeToolFailure(e.name, e.output);
  if (e.type === "todo.updated") return describePlan(e.todos);
  return null;
}
