// reflection: answer, have a critic review the answer, revise, up to N rounds. The critic is a separate
// conversation (the task and the answer, nothing else) whose only tools are approve and revise: it
// decides by calling one, never by words the harness would have to match. Its events carry
// agent "critic"; its messages stay out of the session's history, and the reasons of a revise reach
// the author as a user turn that is stored like any other.
import * as z from "zod";
import { forceFirstToolChoice } from "../hooks";
import { runLoop, type LoopResult } from "../loop";
import { userMessage, type Message } from "../messages";
import { defineTool, ToolRegistry } from "../tools";
import type { ParadigmOptions } from "./options";
import { runReact } from "./react";

export const CRITIC_AGENT = "critic";

export const CRITIC_PROMPT = `You review an assistant's answer to a task before the user sees it. Check it against the task for mistakes, gaps and unclear parts.
If it is good enough to give to the user, call approve. Otherwise call revise with concrete reasons the author can act on.
Always reply with exactly one of these two calls.`;

type Verdict = { kind: "approve" } | { kind: "revise"; reasons: string[] };

/** The critic may fix a malformed call once. */
const CRITIC_STEPS = 2;

const REVIEW_TAG = "[Review ";

export function revisionRequest(round: number, reasons: readonly string[]): string {
  return [`${REVIEW_TAG}${round}] A reviewer asked you to revise your answer:`, ...reasons.map((r) => `- ${r}`), "Write the improved answer in full."].join(
    "\n",
  );
}

export async function runReflection(o: ParadigmOptions): Promise<LoopResult> {
  const history = [...o.history];
  const onMessage = async (m: Message) => {
    history.push(m);
    await o.onMessage(m);
  };
  // The user's request: the last user turn that is not a reviewer's (a resumed run may end with one).
  const taskAt = o.history.findLastIndex((m) => m.role === "user" && !m.content.startsWith(REVIEW_TAG));
  const task = o.history[taskAt]?.content ?? "";
  // A resumed run (after a pause, or a yield between steps) counts the reviews its history already holds.
  const reviewed = o.history.slice(taskAt + 1).filter((m) => m.role === "user" && m.content.startsWith(REVIEW_TAG)).length;
  let result = await runReact({ ...o, history, onMessage });
  // A review is worth its call only when the steps left allow a revision after it.
  for (let round = reviewed + 1; round <= o.settings.reflectionMaxRounds && result.status === "completed" && result.steps + 2 <= o.maxSteps; round++) {
    const review = await critique(o, task, result);
    result = { ...result, steps: review.steps, usage: review.usage };
    if (review.status !== "completed") return { ...result, status: review.status, ...(review.error ? { error: review.error } : {}) };
    if (!review.verdict) {
      o.emit({ type: "warning", code: "critic_no_verdict", message: "The critic answered without calling approve or revise; the answer stands." });
      break;
    }
    if (review.verdict.kind === "approve" || result.steps >= o.maxSteps) break;
    await onMessage(userMessage(revisionRequest(round, review.verdict.reasons)));
    result = await runReact({ ...o, history, onMessage, stepsSoFar: result.steps, usageSoFar: result.usage });
  }
  return result;
}

async function critique(o: ParadigmOptions, task: string, answer: LoopResult): Promise<LoopResult & { verdict?: Verdict }> {
  let verdict: Verdict | undefined;
  const approve = defineTool({
    name: "approve",
    description: "The answer is correct, complete and clear: give it to the user.",
    input: z.object({ note: z.string().max(2000).optional() }),
    sequential: true,
    run() {
      verdict ??= { kind: "approve" };
      return { status: "success", content: "Approved.", endRun: { output: "approve" } };
    },
  });
  const revise = defineTool({
    name: "revise",
    description: "The answer needs work: list concrete reasons the author can act on.",
    input: z.object({ reasons: z.array(z.string().min(1).max(2000)).min(1).max(10) }),
    sequential: true,
    run({ reasons }) {
      verdict ??= { kind: "revise", reasons };
      return { status: "success", content: "Sent back for revision.", endRun: { output: "revise" } };
    },
  });
  const result = await runLoop({
    runId: o.runId,
    sessionId: o.sessionId,
    model: o.model,
    system: CRITIC_PROMPT,
    tools: new ToolRegistry([approve, revise]),
    history: [userMessage(`The task:\n${task}\n\nThe answer to review:\n${answer.output}`)],
    maxSteps: Math.min(o.maxSteps, answer.steps + CRITIC_STEPS),
    stepsSoFar: answer.steps,
    usageSoFar: answer.usage,
    signal: o.signal,
    stream: o.stream,
    sampling: o.sampling,
    emit: (e) => o.emit({ ...e, agent: CRITIC_AGENT }),
    onMessage: () => {},
    hooks: [forceFirstToolChoice("required")],
  });
  // Running out of critic steps is not the run's failure: the answer stands unreviewed.
  return { ...result, status: result.status === "max_steps" ? "completed" : result.status, ...(verdict ? { verdict } : {}) };
}
