import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { agentClient } from "../../support/openai-client";
import { uniqueId } from "../../support/worker-http";

describe("Idempotency-Key on POST /v1/responses", () => {
  it("the same key returns the same response and runs the agent once; the key with another body is 422", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "once" }, { text: "continued" }]);
    const idempotencyKey = uniqueId("idem");
    const client = agentClient({ headers: { "Idempotency-Key": idempotencyKey } });
    const body = { model: "study-agent", input: `${marker} start` };
    const first = await client.responses.create(body);
    const again = await client.responses.create(body).withResponse();
    expect(again.data.id).toBe(first.id);
    expect(again.data.output_text).toBe("once");
    expect(again.response.headers.get("idempotent-replayed")).toBe("true");
    expect((await requests(key)).requests).toHaveLength(1);

    const reused = await client.responses.create({ ...body, input: `${marker} something else` }).catch((e: unknown) => e);
    expect(reused).toBeInstanceOf(OpenAI.APIError);
    expect((reused as InstanceType<typeof OpenAI.APIError>).status).toBe(422);
    expect((reused as InstanceType<typeof OpenAI.APIError>).error).toMatchObject({ code: "idempotency_key_reused", type: "invalid_request_error" });

    // A continued conversation with its own key still runs.
    const next = await agentClient({ headers: { "Idempotency-Key": uniqueId("idem") } }).responses.create({
      model: "study-agent",
      previous_response_id: first.id,
      input: "go on",
    });
    expect(next.output_text).toBe("continued");
  });
});
