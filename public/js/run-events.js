// What the page does with each event of a run's stream: one handler per type it shows, and the types it
// leaves out, each with why. Together they are exactly the stream events of the one union
// (STREAM_EVENTS in src/session/trace/event-catalogue.ts): test/web-page/web-page-event-types.test.ts fails when a type is added
// there and the page has not decided what to do with it, or when the page handles a type that does not exist.
// Plain ESM with no DOM: the page passes in what shows a run.

/** Stream events the page does not show, and why. */
export const IGNORED_EVENTS = {
  "reasoning.delta": "a reasoning model's thinking: the page shows the answer, not the thinking",
  "tool.progress": "the tool's line is there already; its status changes when it finishes",
  "subagent.started": "a subagent's tool calls show as lines of their own",
  "subagent.finished": "its result reaches the answer through the parent's tool call",
  "approval.decided": "the person's decision is shown where it was made",
  "client_tools.required": "the page offers no tools of its own; only a client that sent tools on an OpenAI wire is asked to run them",
};

/**
 * @param {{
 *   started(runId: string): void, text(delta: string): void,
 *   toolStarted(callId: string, name: string, args: unknown): void, toolFinished(callId: string, status: string): void,
 *   plan(todos: unknown[]): void, saved(document: object): void, note(warning: {code: string, message: string, server?: string}): void,
 *   approvalRequired(request: object): void, inputRequired(request: object): void, inputAnswered(answer: object): void,
 *   authorizationRequired(request: object): void,
 *   completed(result: object): void, failed(error: {code: string, message: string} | undefined): void,
 * }} view
 * @returns {Record<string, (data: any) => void>}
 */
export function runEventHandlers(view) {
  return {
    "run.started": (d) => view.started(d.runId),
    // A subagent's words are its parent's material, not the answer.
    "text.delta": (d) => d.agent || view.text(d.delta),
    "tool.started": (d) => view.toolStarted(d.callId, d.name, d.args),
    "tool.finished": (d) => view.toolFinished(d.callId, d.status),
    "todo.updated": (d) => view.plan(d.todos),
    "document.saved": (d) => view.saved(d),
    warning: (d) => view.note(d),
    "approval.required": (d) => view.approvalRequired(d),
    "input.required": (d) => view.inputRequired(d),
    "input.answered": (d) => view.inputAnswered(d),
    "mcp.authorization_required": (d) => view.authorizationRequired(d),
    "run.completed": (d) => view.completed(d),
    "run.failed": (d) => view.failed(d.error),
  };
}
