import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { script } from "../support/model-control";
import { agentClient, apiError } from "../support/openai-client";
import { call, uniqueId } from "../support/worker-http";

/** The error a call raised, for assertions on OpenAI's error classes. */
const user = (content: string) => [{ role: "user" as const, content }];

describe("errors on the OpenAI-compatible endpoint are OpenAI error objects", () => {
  it("401 with code invalid_api_key when API_TOKEN is set and the bearer is wrong; the right one passes", async () => {
    const vars = { API_TOKEN: "secret-token" };
    const e = await apiError(agentClient({ vars, apiKey: "wrong" }).chat.completions.create({ model: "study-agent", messages: user("hi") }));
    expect(e).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(e.error).toMatchObject({ type: "authentication_error", code: "invalid_api_key", param: null });
    expect(await apiError(agentClient({ vars, apiKey: "wrong" }).models.list())).toBeInstanceOf(OpenAI.AuthenticationError);

    const marker = await script(uniqueId("k"), [{ text: "ok" }]);
    const ok = await agentClient({ vars, apiKey: "secret-token" }).chat.completions.create({ model: "study-agent", messages: user(`${marker} hi`) });
    expect(ok.choices[0]!.message.content).toBe("ok");
  });

  it("400 invalid_request_error naming the param at fault", async () => {
    const client = agentClient();
    const empty = await apiError(client.chat.completions.create({ model: "study-agent", messages: [] }));
    expect(empty).toBeInstanceOf(OpenAI.BadRequestError);
    expect(empty.error).toMatchObject({ type: "invalid_request_error", param: "messages" });

    const badRole = await apiError(client.chat.completions.create({ model: "study-agent", messages: [{ role: "robot", content: "x" } as never] }));
    expect(badRole.param).toBe("messages[0].role");

    const lastNotUser = await apiError(
      client.chat.completions.create({
        model: "study-agent",
        messages: [
          { role: "user", content: "hi" },
          { role: "assistant", content: "hello" },
        ],
      }),
    );
    expect(lastNotUser.error).toMatchObject({ param: "messages", code: "invalid_request" });

    const twoChoices = await apiError(client.chat.completions.create({ model: "study-agent", n: 2, messages: user("hi") }));
    expect(twoChoices.param).toBe("n");
  });

  it("404 model_not_found for another model", async () => {
    const e = await apiError(agentClient().chat.completions.create({ model: "gpt-4o", messages: user("hi") }));
    expect(e).toBeInstanceOf(OpenAI.NotFoundError);
    expect(e.error).toMatchObject({ type: "not_found_error", code: "model_not_found", param: "model" });
    expect(await apiError(agentClient().models.retrieve("gpt-4o"))).toBeInstanceOf(OpenAI.NotFoundError);
  });

  it("answers bad JSON, a bad X-Session-Id and a too large body in the same shape", async () => {
    const badJson = await call("/v1/chat/completions", { method: "POST", body: "{nope", headers: { "content-type": "application/json" } });
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toEqual({
      error: { message: "The request body is not valid JSON.", type: "invalid_request_error", param: null, code: "invalid_json" },
    });

    const badSession = await apiError(
      agentClient({ headers: { "X-Session-Id": "no spaces allowed" } }).chat.completions.create({ model: "study-agent", messages: user("hi") }),
    );
    expect(badSession.status).toBe(400);
    expect(badSession.code).toBe("invalid_session_id");

    const tooLarge = await apiError(
      agentClient({ vars: { MAX_BODY_BYTES: "2048" } }).chat.completions.create({ model: "study-agent", messages: user("x".repeat(4000)) }),
    );
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.error).toMatchObject({ type: "invalid_request_error", code: "body_too_large" });
  });

  it("a run whose model fails is a 502 server_error the client must not retry; streamed, an error event", async () => {
    const marker = await script(uniqueId("k"), [{ status: 401 }, { status: 401 }]);
    const e = await apiError(agentClient().chat.completions.create({ model: "study-agent", messages: user(`${marker} hi`) }));
    expect(e.status).toBe(502);
    expect(e.error).toMatchObject({ type: "server_error", code: "model_auth_failed" });
    expect(e.headers?.get("x-should-retry")).toBe("false");

    const stream = await agentClient().chat.completions.create({ model: "study-agent", stream: true, messages: user(`${marker} hi`) });
    const streamed = await apiError(
      (async () => {
        for await (const _ of stream);
      })(),
    );
    expect(streamed.error).toMatchObject({ type: "server_error", code: "model_auth_failed" });
  });
});
