// previous_response_id naming an older response that added nothing to its conversation (cancelled while it
// waited its turn) has no context to branch from: 400 naming previous_response_id, never a guess.
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { agentClient } from "../../support/openai-client";
import { uniqueId } from "../../support/worker-http";
import { waitFor } from "../../support/wait-for";

describe("/v1/responses: previous_response_id naming a response that never ran", () => {
  it("is 400 once later responses follow it", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "slow", delayMs: 2000 }, { text: "next" }]);
    const client = agentClient();
    const running = await client.responses.create({ model: "study-agent", background: true, input: `${marker} take your time` });
    const waiting = await client.responses.create({ model: "study-agent", background: true, previous_response_id: running.id, input: "then this" });
    expect((await client.responses.cancel(waiting.id)).status).toBe("cancelled");
    // Its model call under way (and its reply spent), the first is cancelled too.
    await waitFor(async () => (await requests(key)).requests.length === 1, "the first response's model call");
    await client.responses.cancel(running.id);
    // The latest response, even one that never ran, is continued.
    const next = await client.responses.create({ model: "study-agent", previous_response_id: waiting.id, input: `${marker} go on` });
    expect(next.output_text).toBe("next");

    const refused = await client.responses.create({ model: "study-agent", previous_response_id: waiting.id, input: "again" }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 400, code: "invalid_request", param: "previous_response_id" });
    expect((refused as Error).message).toContain(waiting.id);
  });
});
