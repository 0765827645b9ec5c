// Client tools on /v1/ui/chat (docs/ui-chat.md#client-tools): a useChat page declares its own tools in the
// request body (`tools: [{name, description?, inputSchema?}]`, through its transport's `body`), and they join
// the run as the OpenAI wires' function tools do (client-tools.ts, one path from there on). A call of one
// reaches the page as a tool part whose id names the run (ui-message-stream.ts); the page's next request
// carries the assistant message with that part answered (output-available or output-error), which resumes the run.
import * as z from "zod";
import type { ClientTools } from "../session/runs/run-row";
import { clientToolSpec, FunctionName, MAX_CLIENT_TOOLS, readClientResults, repeatedName, TOO_MANY_CLIENT_TOOLS, type ClientResults } from "./client-tools";
import { ParamError } from "./openai-errors";
import { lastStepStart } from "./ui-message-stream";

const UITool = z.strictObject({
  name: FunctionName,
  description: z.string().optional(),
  /** JSON Schema of the tool's input, as the model is offered it. */
  inputSchema: z.record(z.string(), z.unknown()).optional(),
});

/** The request's `tools`, as the run's ClientTools; undefined when it declares none. */
export const UITools = z
  .array(UITool)
  .max(MAX_CLIENT_TOOLS, TOO_MANY_CLIENT_TOOLS)
  .superRefine((tools, ctx) => {
    const twice = repeatedName(tools);
    if (twice >= 0) ctx.addIssue({ code: "custom", path: [twice, "name"], message: `the name ${tools[twice]!.name} is declared twice` });
  })
  .transform((tools): ClientTools | undefined =>
    tools.length ? { tools: tools.map((t) => clientToolSpec(t.name, t.description, t.inputSchema)) } : undefined,
  );

/** A tool part the page answered: a static `tool-<name>` part or a dynamic one, with its output or its error. */
const Answered = z.discriminatedUnion("state", [
  z.looseObject({ toolCallId: z.string(), state: z.literal("output-available"), output: z.unknown() }),
  z.looseObject({ toolCallId: z.string(), state: z.literal("output-error"), errorText: z.string() }),
]);

const isToolPart = (type: string) => type.startsWith("tool-") || type === "dynamic-tool";

/** A tool part of the page's own tools that the page answered, at `part` (messages[i].parts[j]). */
export interface AnsweredToolPart {
  callId: string;
  output: string;
  status?: "error";
  part: string;
}

/**
 * The answered tool parts of an assistant message's last step (messages[`at`]), as the SDK's
 * lastAssistantMessageIsCompleteWithToolCalls reads them, that the server did not run.
 */
export function answeredToolParts(parts: ReadonlyArray<{ type: string; providerExecuted?: unknown }>, at: number): AnsweredToolPart[] {
  const step = lastStepStart(parts);
  return parts.flatMap((p, j) => {
    const answered = j >= step && isToolPart(p.type) && p.providerExecuted !== true ? Answered.safeParse(p) : undefined;
    if (!answered?.success) return [];
    const r = answered.data;
    const part = `messages[${at}].parts[${j}]`;
    return r.state === "output-available"
      ? [{ callId: r.toolCallId, output: typeof r.output === "string" ? r.output : JSON.stringify(r.output ?? null), part }]
      : [{ callId: r.toolCallId, output: r.errorText, status: "error" as const, part }];
  });
}

/**
 * The page's results in an assistant message's answered tool parts (answeredToolParts); undefined when there
 * are none. They must answer calls of a run of this chat's session.
 */
export function uiToolResults(answered: readonly AnsweredToolPart[], sessionId: string): ClientResults | undefined {
  if (!answered.length) return undefined;
  const results = answered.map(({ part, ...r }) => ({ ...r, param: `${part}.toolCallId` }));
  const to = readClientResults(results);
  if (to.sessionId !== sessionId)
    throw new ParamError("tool_call_not_found", `${results[0]!.param}: the call belongs to another chat than ${sessionId}.`, results[0]!.param);
  return to;
}
