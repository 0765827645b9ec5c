// plan-solve: a forced plan({steps}) call first, and the steps become the todo list; then each step in
// turn, as a user turn in the same conversation (so the plan and the earlier results are in context);
// then a synthesis of the final answer. The harness keeps the todo list in step with the work.
//
// A run that resumes (after an approval, a yield between steps or a restart) finds its plan in the history and its progress
// in the todo list, and goes on where it stopped instead of planning again.
import * as z from "zod";
import { emptyUsage, type Todo } from "../events";
import { forceFirstToolChoice, type Hooks } from "../hooks";
import { runLoop, type LoopOptions, type LoopResult } from "../loop";
import { userMessage, type Message } from "../messages";
import { renderTodos } from "../todo";
import { defineTool, ToolRegistry } from "../tools";
import type { ParadigmOptions } from "./options";

export const PLAN_TOOL = "plan";

export function planSolveGuide(maxSteps: number): string {
  return [
    "## How this run works: plan, then solve",
    `First make a plan: call plan with 1–${maxSteps} short, concrete steps that together answer the request.`,
    "Then you get the steps one at a time: do each with your tools and reply with its result.",
    "Last, you write the answer to the original request from those results.",
  ].join("\n");
}

const STEP_TAG = "[Plan step ";
const SYNTHESIS_TAG = "[Synthesis]";

export const stepTurn = (i: number, n: number, text: string) =>
  `${STEP_TAG}${i + 1}/${n}] ${text}\nDo this step now, using tools as needed, and reply with its result.`;

export const synthesisTurn = (n: number) => `${SYNTHESIS_TAG} All ${n} steps are done. Write the final answer to the original request from the results above.`;

const stepId = (i: number) => String(i + 1);

export async function runPlanSolve(o: ParadigmOptions): Promise<LoopResult> {
  const history = [...o.history];
  const onMessage = async (m: Message) => {
    history.push(m);
    await o.onMessage(m);
  };
  let progress: Pick<LoopResult, "steps" | "usage"> = { steps: o.stepsSoFar ?? 0, usage: o.usageSoFar ?? emptyUsage() };
  const system = `${o.system}\n\n${planSolveGuide(o.settings.planMaxSteps)}`;
  const loop = async (extra: Partial<LoopOptions>): Promise<LoopResult> => {
    const r = await runLoop({ ...o, system, history, onMessage, stepsSoFar: progress.steps, usageSoFar: progress.usage, ...extra });
    progress = r;
    return r;
  };
  const setTodos = async (todos: Todo[]) => {
    await o.todos.save(todos);
    o.emit({ type: "todo.updated", todos });
  };

  let found = resumedPlan(history);
  if (!found) {
    let made: string[] | undefined;
    const planTool = defineTool({
      name: PLAN_TOOL,
      description: "Make the plan for this request: the steps you will take, in order.",
      input: z.object({ steps: z.array(z.string().min(1).max(500)).min(1).max(o.settings.planMaxSteps) }),
      sequential: true,
      async run({ steps }) {
        made = steps;
        const todos = steps.map((text, i): Todo => ({ id: stepId(i), text, status: "pending" }));
        await setTodos(todos);
        return { status: "success", content: renderTodos(todos), endRun: { output: "" } };
      },
    });
    // The plan tool is the harness's own: no tool-call hook (permissions, an embedder's) applies to it; their other points do.
    // (Object.create keeps a class's methods, which a spread would not.)
    const withoutToolCall = (h: Hooks): Hooks => (h.beforeToolCall ? (Object.create(h, { beforeToolCall: { value: undefined } }) as Hooks) : h);
    const hooks = [...(o.hooks ?? []).map(withoutToolCall), forceFirstToolChoice({ name: PLAN_TOOL })];
    const planned = await loop({ tools: new ToolRegistry([planTool]), hooks });
    if (planned.status !== "completed") return planned;
    if (!made) {
      o.emit({ type: "warning", code: "plan_missing", message: "The model answered without making a plan; its answer is the run's output." });
      return planned;
    }
    found = { steps: made, at: history.length };
  }

  const { steps } = found;
  // A turn is said once: on resume, the turns already in the history are not repeated.
  const said = (text: string) => history.slice(found!.at).some((m) => m.role === "user" && m.content === text);
  const say = async (text: string) => {
    if (!said(text)) await onMessage(userMessage(text));
  };
  const mark = async (i: number, status: Todo["status"]) => {
    const todos = await o.todos.load();
    const next = todos.map((t): Todo =>
      t.id === stepId(i) ? { ...t, status } : status === "in_progress" && t.status === "in_progress" ? { ...t, status: "pending" } : t,
    );
    if (!next.some((t) => t.id === stepId(i))) next.push({ id: stepId(i), text: steps[i]!, status });
    // A resumed run marks its current step again: the list, and so its event, is unchanged.
    if (JSON.stringify(next) !== JSON.stringify(todos)) await setTodos(next);
  };

  for (let i = 0; i < steps.length; i++) {
    if ((await o.todos.load()).some((t) => t.id === stepId(i) && t.status === "completed")) continue;
    await mark(i, "in_progress");
    await say(stepTurn(i, steps.length, steps[i]!));
    const r = await loop({});
    if (r.status !== "completed") return r;
    await mark(i, "completed");
  }
  await say(synthesisTurn(steps.length));
  return loop({ hooks: [...(o.hooks ?? []), forceFirstToolChoice("none")] });
}

/** This run's plan, when the history since the user's request already holds one: its steps and where it ends. */
function resumedPlan(history: readonly Message[]): { steps: string[]; at: number } | undefined {
  for (let i = history.length - 1; i >= 0; i--) {
    const m = history[i]!;
    if (m.role === "user" && !m.content.startsWith(STEP_TAG) && !m.content.startsWith(SYNTHESIS_TAG)) return undefined;
    const call = m.role === "assistant" ? m.toolCalls?.find((c) => c.name === PLAN_TOOL) : undefined;
    if (!call) continue;
    try {
      const steps = z.object({ steps: z.array(z.string()).min(1) }).parse(JSON.parse(call.args)).steps;
      return { steps, at: i + 1 };
    } catch {
      return undefined;
    }
  }
  return undefined;
}
