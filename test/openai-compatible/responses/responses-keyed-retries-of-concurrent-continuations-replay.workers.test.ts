// Two keyed requests continuing the same latest response at once: one continues its conversation and the other
// branches (the requests are held until both have reached the session object). A retry of each (same
// Idempotency-Key) gets its own response back, from its own session, rather than a run or a branch of its own.
import { describe, expect, it } from "vitest";
import { requests } from "../../support/model-control";
import { agentClient } from "../../support/openai-client";
import { responseTwoTabsContinue, startsHeldTogether } from "../../support/starts-held-together";
import { uniqueId } from "../../support/worker-http";

describe("/v1/responses: keyed retries of two continuations sent at once", () => {
  it("replay each response in the session it ran in, the one that continued and the one that branched", async () => {
    const { key, responseId, session, inputs } = await responseTwoTabsContinue();

    const held = startsHeldTogether(2);
    const keys = [uniqueId("idem"), uniqueId("idem")];
    const send = (k: number, bindings?: ReturnType<typeof startsHeldTogether>) =>
      agentClient({ headers: { "Idempotency-Key": keys[k]! }, ...(bindings ? { bindings } : {}) })
        .responses.create({ model: "study-agent", previous_response_id: responseId, input: inputs[k]! })
        .withResponse();
    const answers = await Promise.all([send(0, held), send(1, held)]);
    const sessions = answers.map(({ response }) => response.headers.get("x-session-id"));
    expect(sessions).toContain(session);
    expect(new Set(sessions).size).toBe(2);

    for (const k of [0, 1]) {
      const retried = await send(k);
      expect(retried.data.id).toBe(answers[k]!.data.id);
      expect(retried.data.output_text).toBe("Noted.");
      expect(retried.response.headers.get("x-session-id")).toBe(sessions[k]);
      expect(retried.response.headers.get("idempotent-replayed")).toBe("true");
    }
    expect((await requests(key)).requests).toHaveLength(3);
  });
});
