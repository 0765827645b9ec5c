// A Chat Completions message's `name` and an image part's `detail` reach the model instead of being dropped:
// two learners in one conversation reach it as alice and bob (a named system message as its guidance, the
// name before the text), and a photo of handwriting sent at `high` is read at `high`, from the earlier messages
// and the input alike; a Responses `input_image.detail` likewise. A name OpenAI would refuse (other characters,
// over 64) and a detail outside the wire's values are 400 naming the field. The same words from another
// participant are another request, not a retry; an earlier turn from another participant, or with its photo at
// another detail, is another conversation. (The model APIs' side: test/agent/providers/names-and-image-detail-on-both-model-apis.test.ts.)
import type OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../support/model-control";
import { agentClient } from "../support/openai-client";
import { apiErrorOf } from "../support/openai-api-error";
import { PNG_DATA_URL, pngOfSize, toDataUrl } from "../support/images";
import { sentWhileTheFirstRuns } from "../support/sent-while-the-first-runs";
import { call, uniqueId } from "../support/worker-http";

type Turn = OpenAI.Chat.Completions.ChatCompletionMessageParam;
const OTHER_PHOTO = toDataUrl(pngOfSize(100));

/** A learner's message: `text` with a photo at `detail`. */
const photoTurn = (name: string, text: string, url: string, detail?: string): Turn =>
  ({
    role: "user",
    name,
    content: [
      { type: "text", text },
      { type: "image_url", image_url: { url, ...(detail ? { detail } : {}) } },
    ],
  }) as Turn;

describe("names and image detail on /v1/chat/completions", () => {
  it("reach the model: each learner's name, the tutor's, the system message's before its text, each photo's detail", async () => {
    const key = uniqueId("named");
    const marker = await script(key, [{ text: "Bob, yours is right." }]);
    const reply = await agentClient().chat.completions.create({
      model: "study-agent",
      messages: [
        { role: "system", name: "grader", content: "Mark each step." },
        photoTurn("alice", `${marker} My working:`, PNG_DATA_URL, "high"),
        { role: "assistant", name: "tutor", content: "Step two drops a sign." },
        photoTurn("bob", "Mine too?", OTHER_PHOTO, "low"),
      ],
    });
    expect(reply.choices[0]!.message.content).toContain("Bob, yours is right.");
    const [seen] = (await requests(key)).requests;
    expect(seen!.messages[0]!.content).toContain("grader: Mark each step.");
    expect(seen!.messages.slice(1)).toEqual([
      {
        role: "user",
        name: "alice",
        content: [
          { type: "text", text: `${marker} My working:` },
          { type: "image_url", image_url: { url: PNG_DATA_URL, detail: "high" } },
        ],
      },
      { role: "assistant", name: "tutor", content: "Step two drops a sign." },
      {
        role: "user",
        name: "bob",
        content: [
          { type: "text", text: "Mine too?" },
          { type: "image_url", image_url: { url: OTHER_PHOTO, detail: "low" } },
        ],
      },
    ]);
  });

  it.each([
    ["a space in a name", (m: string) => [{ role: "user", name: "alice smith", content: `${m} hi` }], "messages[0].name"],
    ["an empty name", (m: string) => [{ role: "user", name: "", content: `${m} hi` }], "messages[0].name"],
    [
      "a name over 64 characters",
      (m: string) => [
        { role: "user", content: `${m} hi` },
        { role: "assistant", name: "t".repeat(65), content: "Hello." },
        { role: "user", content: "and?" },
      ],
      "messages[1].name",
    ],
    ["a detail outside the wire's values", (m: string) => [photoTurn("alice", `${m} hi`, PNG_DATA_URL, "ultra")], "messages[0].content[1].image_url.detail"],
  ])("%s: 400 naming the field, before any model call", async (_what, messages, param) => {
    const key = uniqueId("refused");
    const marker = await script(key, [{ text: "should not be asked" }]);
    const e = await apiErrorOf(agentClient().chat.completions.create({ model: "study-agent", messages: messages(marker) as Turn[] }));
    expect(e.status).toBe(400);
    expect(e.error).toMatchObject({ type: "invalid_request_error", code: "invalid_request", param });
    expect(e.message).toContain(param);
    expect((await requests(key)).requests).toHaveLength(0);
  });

  it("the same words from another learner, while the first's run is going, start a run of their own", { timeout: 30_000 }, async () => {
    const key = uniqueId("named-retry");
    const marker = await script(key, [{ text: "Alice: right.", delayMs: 1500 }, { text: "Bob: right too." }]);
    const ask = (name: string) =>
      call("/v1/chat/completions", { method: "POST", json: { model: "study-agent", messages: [{ role: "user", name, content: `${marker} Is 7*8 56?` }] } });
    const [first, second] = await sentWhileTheFirstRuns(
      key,
      () => ask("alice"),
      () => ask("bob"),
    );
    expect(await first.text()).toContain("Alice: right.");
    expect(await second.text()).toContain("Bob: right too.");
    expect(second.headers.get("x-run-id")).not.toBe(first.headers.get("x-run-id"));
    expect((await requests(key)).requests.map((r) => (r.messages.at(-1) as { name?: string }).name)).toEqual(["alice", "bob"]);
  });

  it("an earlier turn from another learner, or with its photo at another detail, is another conversation", async () => {
    const key = uniqueId("named-fork");
    const marker = await script(key, [
      { text: "Step one is right." },
      { text: "Bob: step two too." },
      { text: "Sharper: step two too." },
      { text: "Step two too." },
    ]);
    const client = agentClient();
    const user = uniqueId("group");
    const ask = async (messages: Turn[]) => {
      const { response } = await client.chat.completions.create({ model: "study-agent", user, messages }).withResponse();
      return response.headers.get("x-session-id")!;
    };
    const question = (name: string, detail: string) => photoTurn(name, `${marker} Is my working right?`, PNG_DATA_URL, detail);
    const rest: Turn[] = [
      { role: "assistant", content: "Step one is right." },
      { role: "user", content: "And step two?" },
    ];

    const first = await ask([question("alice", "low")]);
    const byBob = await ask([question("bob", "low"), ...rest]);
    const sharper = await ask([question("alice", "high"), ...rest]);
    const kept = await ask([question("alice", "low"), ...rest]);
    expect([byBob, sharper]).not.toContain(first);
    expect(kept).toBe(first);

    // What each call showed of the first turn: its author and its photo's detail.
    const firstTurns = (await requests(key)).requests.map((r) => {
      const turn = r.messages.find((m) => m.role === "user") as { name?: string; content: Array<{ image_url?: { detail?: string } }> };
      return [turn.name, turn.content[1]!.image_url!.detail];
    });
    expect(firstTurns).toEqual([
      ["alice", "low"],
      ["bob", "low"],
      ["alice", "high"],
      ["alice", "low"],
    ]);
  });
});

describe("image detail on /v1/responses", () => {
  it("reaches the model as each input_image asks", async () => {
    const key = uniqueId("detail");
    const marker = await script(key, [{ text: "I can read it." }]);
    await agentClient().responses.create({
      model: "study-agent",
      input: [
        {
          role: "user",
          content: [
            { type: "input_text", text: `${marker} Can you read my handwriting?` },
            { type: "input_image", image_url: PNG_DATA_URL, detail: "original" },
            { type: "input_image", image_url: OTHER_PHOTO, detail: "low" },
          ],
        },
      ],
    });
    const [seen] = (await requests(key)).requests;
    expect(seen!.messages.at(-1)!.content).toEqual([
      { type: "text", text: `${marker} Can you read my handwriting?` },
      { type: "image_url", image_url: { url: PNG_DATA_URL, detail: "original" } },
      { type: "image_url", image_url: { url: OTHER_PHOTO, detail: "low" } },
    ]);
  });

  it("a detail outside the wire's values: 400 naming the field", async () => {
    const key = uniqueId("detail-refused");
    const marker = await script(key, [{ text: "should not be asked" }]);
    const e = await apiErrorOf(
      agentClient().responses.create({
        model: "study-agent",
        input: [
          {
            role: "user",
            content: [
              { type: "input_text", text: `${marker} hi` },
              { type: "input_image", image_url: PNG_DATA_URL, detail: "ultra" as "high" },
            ],
          },
        ],
      }),
    );
    expect(e.status).toBe(400);
    expect(e.error).toMatchObject({ code: "invalid_request", param: "input[0].content[1].detail" });
    expect((await requests(key)).requests).toHaveLength(0);
  });
});
