// What a response repeats of the request that asked for it, read from its run's options: the request's own
// fields kept with the run (RunOptions.echo), its `instructions`, text.format (`answerFormat`),
// sampling and tools (`clientTools`). The POST's answer is built from the options it starts the run with and GET's from
// the stored ones, so a response read back says what its request asked, as its first answer did.
import type { ClientTools, ResponseEcho, RunOptions } from "../../session/runs/run-row";
import type { RequestEcho, ResponseMeta } from "./response-assembler";
import { responseId, type ResponseRef } from "./response-id";

/** The API's defaults: what a request that sends none of the fields asked for (and what a run kept without a record answers). */
export const API_DEFAULTS: ResponseEcho = {
  background: false,
  store: true,
  metadata: {},
  previousResponseId: null,
  conversation: null,
  truncation: "disabled",
  maxOutputTokens: null,
};

/** The response `ref` names, created at `createdAt` (seconds), as its run's options say it was asked for. */
export function responseMeta(ref: ResponseRef, createdAt: number, options: RunOptions): ResponseMeta {
  // A run kept without a record: started on another route of its session, or before runs kept one.
  const echo = options.echo ?? API_DEFAULTS;
  return {
    id: responseId(ref),
    ref,
    createdAt,
    // The request's field alone: its system/developer items are in the run's guidance too, and OpenAI does not echo them.
    instructions: options.instructions ?? null,
    previousResponseId: echo.previousResponseId,
    conversation: echo.conversation,
    metadata: echo.metadata,
    background: echo.background,
    store: echo.store,
    ...(options.answerFormat ? { format: options.answerFormat } : {}),
    sampling: options.sampling,
    echo: { ...toolFields(options.clientTools), truncation: echo.truncation, maxOutputTokens: echo.maxOutputTokens },
  };
}

/** `tools`, `tool_choice` and `parallel_tool_calls` as the run has them: each function tool as the model is offered it. */
function toolFields(tools: ClientTools | undefined): Pick<RequestEcho, "tools" | "toolChoice" | "parallelToolCalls"> {
  const choice = tools?.toolChoice ?? "auto";
  return {
    tools: (tools?.tools ?? []).map((t) => ({
      type: "function",
      name: t.name,
      description: t.description,
      parameters: t.parameters,
      strict: t.strict === true,
    })),
    toolChoice: typeof choice === "string" ? choice : { type: "function", name: choice.name },
    parallelToolCalls: tools?.parallelToolCalls ?? true,
  };
}
