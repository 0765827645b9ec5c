// A retry (same Idempotency-Key) of a request that continued a conversation gets its response back even after
// the conversation has moved on, when its previous_response_id no longer names the latest response: it is
// judged a repeat, not a branch. A retry of a request that branched finds its branch again.
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { agentClient } from "../../support/openai-client";
import { uniqueId } from "../../support/worker-http";

describe("/v1/responses: a keyed retry of a continuation", () => {
  it("replays the response it made, whether it continued the latest or branched from an older one", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "A1" }, { text: "A2" }, { text: "A3" }, { text: "A4" }]);
    const client = agentClient();
    const first = await client.responses.create({ model: "study-agent", input: `${marker} Q1` });
    const keyed = agentClient({ headers: { "Idempotency-Key": uniqueId("idem") } });
    const continued = await keyed.responses.create({ model: "study-agent", previous_response_id: first.id, input: "Q2" });
    await client.responses.create({ model: "study-agent", previous_response_id: continued.id, input: "Q3" });

    const retried = await keyed.responses.create({ model: "study-agent", previous_response_id: first.id, input: "Q2" }).withResponse();
    expect(retried.data.id).toBe(continued.id);
    expect(retried.data.output_text).toBe("A2");
    expect(retried.response.headers.get("idempotent-replayed")).toBe("true");
    expect((await requests(key)).requests).toHaveLength(3);

    const branching = agentClient({ headers: { "Idempotency-Key": uniqueId("idem") } });
    const branch = await branching.responses.create({ model: "study-agent", previous_response_id: first.id, input: "Q2 again" });
    expect(branch.output_text).toBe("A4");
    const branchAgain = await branching.responses.create({ model: "study-agent", previous_response_id: first.id, input: "Q2 again" }).withResponse();
    expect(branchAgain.data.id).toBe(branch.id);
    expect(branchAgain.response.headers.get("idempotent-replayed")).toBe("true");
    expect((await requests(key)).requests).toHaveLength(4);
  });
});
