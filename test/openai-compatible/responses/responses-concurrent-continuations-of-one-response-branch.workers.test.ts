// Two requests continuing the same latest response at the same moment (two tabs, an SDK's Promise.all) are two
// conversations from that response: one continues its session, the other branches, as a request naming an older
// response does. Neither model call sees the other's turn. The requests are held until both have reached the
// session object, so the checks of both come before either run starts (the race the check must survive).
import { describe, expect, it } from "vitest";
import { requests } from "../../support/model-control";
import { agentClient } from "../../support/openai-client";
import { responseTwoTabsContinue, startsHeldTogether } from "../../support/starts-held-together";
import { call } from "../../support/worker-http";

const conversation = (messages: Array<{ role: string; content?: unknown }>) => messages.filter((m) => m.role !== "system").map((m) => [m.role, m.content]);

describe("/v1/responses: two continuations of one response at once", () => {
  it("continue the conversation once; the other branches from the response it named, without the first one's turn", async () => {
    const { key, marker, responseId, session, inputs } = await responseTwoTabsContinue();

    const tabs = agentClient({ bindings: startsHeldTogether(2) });
    const answers = await Promise.all(
      inputs.map((input) => tabs.responses.create({ model: "study-agent", previous_response_id: responseId, input }).withResponse()),
    );

    for (const { data } of answers) expect(data).toMatchObject({ status: "completed", output_text: "Noted.", previous_response_id: responseId });
    const sessions = answers.map(({ response }) => response.headers.get("x-session-id")!);
    expect(sessions.filter((s) => s === session)).toHaveLength(1);
    expect(new Set(sessions).size).toBe(2);

    const through = [
      ["user", `${marker} Start`],
      ["assistant", "Let's study."],
    ];
    const seen = (await requests(key)).requests.slice(1).map((r) => conversation(r.messages));
    expect(seen).toHaveLength(2);
    expect(seen).toEqual(expect.arrayContaining(inputs.map((input) => [...through, ["user", input]])));
    for (const [k, id] of sessions.entries()) {
      const held = (await (await call(`/v1/sessions/${id}`)).json()) as { messages: Array<{ content: string }> };
      expect(held.messages.map((m) => m.content)).toEqual([`${marker} Start`, "Let's study.", inputs[k], "Noted."]);
    }
  });
});
