// A Chat Completions request for JSON whose run waits on an MCP server's question gets 409 run_awaiting_input
// naming the input and the route it is answered at, as the `openai` client raises it: no reply passed off as the
// answer. (The approval case runs end to end in a-paused-run-is-not-passed-off-as-the-json.workers.test.ts.)
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { pausedBeforeAnswer } from "../../../src/openai-compatible/paused-before-answer";
import type { RunView } from "../../../src/session/runs/run-views";

const usage = { promptTokens: 1, completionTokens: 1, totalTokens: 2 };
const question = { kind: "input", inputId: "inp_91c2", server: "wiki", message: "¿Qué nivel tienes?", requestedSchema: {}, expiresAt: "2026-01-01T00:10:00Z" };
const view = (status: string, pending: unknown[] = []) =>
  ({ runId: "run_1", status, output: "", steps: 1, usage, createdAt: "2026-01-01T00:00:00Z", pending }) as unknown as RunView;

describe("a JSON request whose run waits on an MCP server's question", () => {
  it("is 409 run_awaiting_input naming the input's route, raised by the openai client", async () => {
    const body = pausedBeforeAnswer(view("awaiting_input", [question]), "s-asks");
    const client = new OpenAI({ apiKey: "k", baseURL: "http://agent.test/v1", maxRetries: 0, fetch: async () => Response.json(body, { status: 409 }) });
    const err = await client.chat.completions.create({ model: "study-agent", messages: [{ role: "user", content: "hi" }] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.APIError);
    expect(err).toMatchObject({ status: 409, code: "run_awaiting_input" });
    expect((err as Error).message).toContain("answer wiki's question at POST /v1/sessions/s-asks/inputs/inp_91c2");
  });

  it("is nothing for a run that is not waiting on a person", () => {
    for (const status of ["completed", "max_steps", "awaiting_client_tools", "failed"]) expect(pausedBeforeAnswer(view(status), "s")).toBeNull();
  });
});
