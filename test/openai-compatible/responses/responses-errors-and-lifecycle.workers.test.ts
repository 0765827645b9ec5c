import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { agentClient, apiError } from "../../support/openai-client";
import { waitFor } from "../../support/wait-for";
import { call, uniqueId } from "../../support/worker-http";

/** The APIError a call raised. */
describe("/v1/responses: errors are OpenAI error objects; GET, DELETE and cancel by id", () => {
  it("every unknown /v1 path answers {error: {message, type, param, code}}", async () => {
    for (const [method, path] of [
      ["GET", "/v1/nothing-here"],
      ["POST", "/v1/embeddings"],
      ["DELETE", "/v1/models"],
    ] as const) {
      const res = await call(path, { method });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { message: `no route for ${method} ${path}`, type: "not_found_error", param: null, code: "not_found" } });
    }
    expect(await apiError(agentClient().embeddings.create({ model: "study-agent", input: "x" }))).toBeInstanceOf(OpenAI.NotFoundError);
  });

  it("bad requests are 400 invalid_request_error naming the param; other models and unknown ids are 404", async () => {
    const client = agentClient();
    const empty = await apiError(client.responses.create({ model: "study-agent", input: [] }));
    expect(empty.error).toMatchObject({ type: "invalid_request_error", param: "input" });
    const tools = await apiError(client.responses.create({ model: "study-agent", input: "hi", tools: [{ type: "web_search" }] }));
    expect(tools.error).toMatchObject({ type: "invalid_request_error", param: "tools[0].type", code: "unsupported_parameter" });
    const image = await apiError(
      client.responses.create({
        model: "study-agent",
        input: [{ role: "user", content: [{ type: "input_image", image_url: "https://x/y.png", detail: "auto" }] }],
      }),
    );
    expect(image.error).toMatchObject({ param: "input[0].content", code: "unsupported_content" });
    const stateless = await apiError(client.responses.create({ model: "study-agent", input: "hi", store: false, conversation: "c1" }));
    expect(stateless.param).toBe("store");
    const model = await apiError(client.responses.create({ model: "gpt-5", input: "hi" }));
    expect(model.error).toMatchObject({ type: "not_found_error", code: "model_not_found", param: "model" });
    const previous = await apiError(client.responses.create({ model: "study-agent", input: "hi", previous_response_id: "resp_bm9wZS9ydW5fbm9wZQ" }));
    expect(previous.error).toMatchObject({ type: "not_found_error", code: "response_not_found", param: "previous_response_id" });
    for (const p of [client.responses.retrieve("resp_nope"), client.responses.delete("resp_nope"), client.responses.cancel("resp_garbage!")]) {
      expect((await apiError(p)).error).toMatchObject({ type: "not_found_error", code: "response_not_found" });
    }
    const res = await call("/v1/responses", { method: "POST", body: "{not json", headers: { "content-type": "application/json" } });
    expect(await res.json()).toEqual({
      error: { message: "The request body is not valid JSON.", type: "invalid_request_error", param: null, code: "invalid_json" },
    });
  });

  it("conversation names a session; store: false leaves nothing behind; DELETE forgets a response", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "one" }, { text: "two" }, { text: "three" }]);
    const client = agentClient();
    const conv = uniqueId("conv");
    const first = await client.responses.create({ model: "study-agent", conversation: conv, input: `${marker} first` });
    expect(first.conversation).toEqual({ id: conv });
    await client.responses.create({ model: "study-agent", conversation: { id: conv }, input: "second" });
    const session = (await (await call(`/v1/sessions/${conv}`)).json()) as { messages: Array<{ content: string }> };
    expect(session.messages.map((m) => m.content)).toEqual([`${marker} first`, "one", "second", "two"]);

    const stateless = await client.responses.create({
      model: "study-agent",
      store: false,
      input: [
        { role: "user", content: `${marker} earlier` },
        { role: "assistant", content: "earlier answer" },
        { role: "user", content: "now" },
      ],
    });
    expect(stateless.output_text).toBe("three");
    expect((await requests(key)).requests[2]!.messages.filter((m) => m.role !== "system").map((m) => m.content)).toEqual([
      `${marker} earlier`,
      "earlier answer",
      "now",
    ]);
    // The throwaway session is deleted once the answer is written (after the response, so poll).
    await waitFor(async () => (await apiError(client.responses.retrieve(stateless.id)).catch(() => null))?.status === 404, "the throwaway session's deletion");

    expect(await client.responses.delete(first.id)).toMatchObject({ id: first.id, deleted: true });
    expect((await apiError(client.responses.retrieve(first.id))).status).toBe(404);
    const after = (await (await call(`/v1/sessions/${conv}`)).json()) as { messages: Array<{ content: string }> };
    expect(after.messages.map((m) => m.content)).toEqual(["second", "two"]);
  });

  it("cancel stops a background response; GET shows it in progress, then cancelled", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "slow", delayMs: 3000 }]);
    const client = agentClient();
    const started = await client.responses.create({ model: "study-agent", background: true, input: `${marker} take your time` });
    expect(started.status).toBe("queued");
    expect((await client.responses.retrieve(started.id)).status).toBe("in_progress");
    const cancelled = await client.responses.cancel(started.id);
    expect(cancelled.status).toBe("cancelled");
    expect((await client.responses.retrieve(started.id)).status).toBe("cancelled");
  });
});
