// A client that asked for JSON and whose run pauses for a person's approval gets no reply that claims to be the
// answer: Chat Completions says 409 run_awaiting_approval naming the approval and its route (as an error event
// when streamed), never 200 "stop" with empty content that JSON.parse breaks on. The same request again, once the
// approval is decided, attaches to the run and gets the checked JSON. The Responses API says `incomplete`, with
// no output_text or output_parsed passed off as the answer.
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { agentClient, apiError } from "../../support/openai-client";
import { ASK_PREFIX } from "../../support/trust-fixtures";
import { call, uniqueId } from "../../support/worker-http";

const schema = { type: "object", properties: { sum: { type: "integer" } }, required: ["sum"], additionalProperties: false };
const responseFormat = { type: "json_schema" as const, json_schema: { name: "sum", schema, strict: true } };
const answer = '{"sum":2}';

/** A script whose first call waits for an approval, then answers and writes the JSON. */
const askingScript = (key: string) =>
  script(key, [{ toolCalls: [{ name: "calculate", args: { expression: `${ASK_PREFIX}1` } }] }, { text: "It is 2." }, { text: answer }]);

const approvalRoute = /POST \/v1\/sessions\/([^/\s]+)\/approvals\/(appr_[A-Za-z0-9_-]+)/;

const modes = [
  { name: "found by its messages", headers: (): Record<string, string> => ({}) },
  { name: "with the same Idempotency-Key", headers: () => ({ "Idempotency-Key": uniqueId("key") }) },
  { name: "with X-Session-Id", headers: () => ({ "X-Session-Id": uniqueId("paused-json") }) },
];

describe("a run that pauses before a JSON answer", () => {
  for (const mode of modes)
    it(`Chat Completions: 409 run_awaiting_approval naming the route; once decided, the same request gets the JSON (${mode.name})`, async () => {
      const key = uniqueId("k");
      const marker = await askingScript(key);
      const client = agentClient({ headers: mode.headers() });
      const ask = () =>
        client.chat.completions.create({
          model: "study-agent",
          messages: [{ role: "user", content: `${marker} 1+1 as JSON` }],
          response_format: responseFormat,
        });

      const paused = await apiError(ask());
      expect(paused.status).toBe(409);
      expect(paused.code).toBe("run_awaiting_approval");
      expect(paused.headers?.get("x-should-retry")).toBe("false");
      const [, session, approval] = approvalRoute.exec(paused.message) ?? [];
      expect(session).toBe(paused.headers?.get("x-session-id"));
      expect(approval).toBeDefined();

      const decided = await call(`/v1/sessions/${session}/approvals/${approval}`, { method: "POST", json: { decision: "allow" } });
      expect(decided.status).toBe(200);
      const reply = await ask();
      expect(reply.choices[0]!.message.content).toBe(answer);
      expect(reply.choices[0]!.finish_reason).toBe("stop");
      // The retry attached to the one run: the paused call, its answer, the JSON.
      expect((await requests(key)).requests).toHaveLength(3);
    });

  it("Chat Completions streamed: the stream ends with the run_awaiting_approval error, never a finish_reason", async () => {
    const marker = await askingScript(uniqueId("k"));
    const stream = await agentClient().chat.completions.create({
      model: "study-agent",
      stream: true,
      messages: [{ role: "user", content: `${marker} 1+1 as JSON` }],
      response_format: responseFormat,
    });
    let content = "";
    let finish: string | null = null;
    const paused = await apiError(
      (async () => {
        for await (const chunk of stream) {
          content += chunk.choices[0]?.delta.content ?? "";
          finish = chunk.choices[0]?.finish_reason ?? finish;
        }
      })(),
    );
    expect(paused.message).toMatch(approvalRoute);
    expect(JSON.stringify(paused.error)).toContain("run_awaiting_approval");
    expect(content).toBe("");
    expect(finish).toBeNull();
  });

  it("Responses (stored): incomplete, awaiting_approval, with no output_text or output_parsed as the answer", async () => {
    const marker = await askingScript(uniqueId("k"));
    const response = await agentClient().responses.parse({
      model: "study-agent",
      input: `${marker} 1+1 as JSON`,
      text: { format: { type: "json_schema", name: "sum", schema, strict: true } },
    });
    expect(response).toMatchObject({ status: "incomplete", incomplete_details: { reason: "awaiting_approval" } });
    const types = response.output.map((i) => i.type);
    expect(types).toContain("mcp_approval_request");
    expect(types).not.toContain("message");
    expect(response.output_text).toBe("");
    expect(response.output_parsed).toBeNull();
  });
});
