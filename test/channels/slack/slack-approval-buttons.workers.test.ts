import { describe, expect, it } from "vitest";
import { CLICK_REFUSALS } from "../../../src/platforms/approval-buttons";
import { requests, script } from "../../support/model-control";
import { platformCalls, waitFor } from "../../support/platform-control";
import { trace } from "../../support/session-api";
import { appMention, blockActions, eventCallback, postSlack, postSlackInteraction, TEAM_ID, uniqueChannel, uniqueTs } from "../../support/slack-requests";
import { ASK_PREFIX } from "../../support/trust-fixtures";
import { uniqueId } from "../../support/worker-http";
import { ENGLISH_CHAT_PHRASES as SAY } from "../../support/english-phrases";

type Button = { action_id: string; value: string; text: { text: string } };
type Block = { type: string; text?: { text: string }; elements?: Array<Button & { text: unknown }> };

/** Mentions the app with a question that makes it call calculate with an expression the test policy asks about. */
async function askForApproval(replyAfter: string, expression = `${ASK_PREFIX}1`) {
  const key = uniqueId("slack-appr");
  const marker = await script(key, [{ toolCalls: [{ name: "calculate", args: { expression } }] }, { text: replyAfter }]);
  const channel = uniqueChannel();
  const mention = appMention(channel, `${marker} add them`);
  expect((await postSlack(eventCallback(mention))).status).toBe(200);
  const prompt = await waitFor(
    async () => (await platformCalls("slack", channel)).find((c) => c.method === "chat.postMessage" && c.body.blocks),
    "the approval buttons",
  );
  const blocks = prompt.body.blocks as Block[];
  const buttons = Object.fromEntries(blocks.find((b) => b.type === "actions")!.elements!.map((b) => [b.text.text, { action_id: b.action_id, value: b.value }]));
  // The buttons' message has its own ts; the clicks name it (the fake's answers are not recorded, so pick one).
  return { key, channel, thread: mention.ts, prompt, blocks, buttons, messageTs: uniqueTs() };
}

const posted = async (channel: string) => (await platformCalls("slack", channel)).filter((c) => c.method === "chat.postMessage").map((c) => c.body);

describe("approvals from Slack's Block Kit buttons", () => {
  it("posts the call with buttons in the thread; Allow resumes the run, the message shows who decided, the answer follows; a second click is refused", async () => {
    const { channel, thread, prompt, blocks, buttons, messageTs } = await askForApproval("1111+1 is 1112.");
    expect(prompt.body.thread_ts).toBe(thread);
    expect(blocks[0]!.text!.text).toContain(`calculate {"expression":"${ASK_PREFIX}1"}`);
    expect(Object.keys(buttons)).toEqual(["Allow", "Deny", "Always allow"]);

    const started = Date.now();
    const res = await postSlackInteraction(blockActions(channel, messageTs, thread, buttons.Allow!));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
    expect(Date.now() - started).toBeLessThan(3000);

    const update = await waitFor(async () => (await platformCalls("slack", channel)).find((c) => c.method === "chat.update"), "chat.update");
    expect(update.body).toMatchObject({ channel, ts: messageTs });
    const updated = update.body.blocks as Block[];
    expect(updated.some((b) => b.type === "actions")).toBe(false);
    expect(JSON.stringify(updated)).toContain("✅ Allowed by <@U0LEARNER>.");
    const answer = await waitFor(async () => (await posted(channel)).find((b) => b.text === "1111+1 is 1112."), "the answer");
    expect(answer.thread_ts).toBe(thread);
    const decided = (await trace(`slack-${TEAM_ID}-${channel}-${thread}`)).find((e) => e.type === "approval.decided");
    expect(decided?.data).toMatchObject({ decision: "allow", by: "slack:U0LEARNER" });

    // A second click is answered only to the person who clicked, in the thread.
    expect((await postSlackInteraction(blockActions(channel, messageTs, thread, buttons.Deny!))).status).toBe(200);
    const note = await waitFor(async () => (await platformCalls("slack", channel)).find((c) => c.method === "chat.postEphemeral"), "the ephemeral refusal");
    expect(note.body).toMatchObject({ user: "U0LEARNER", thread_ts: thread, text: SAY[CLICK_REFUSALS.already_decided] });
    expect((await posted(channel)).filter((b) => b.text === "1111+1 is 1112.")).toHaveLength(1);
  });

  it("tells the model a denied call was refused, and posts its answer in the thread", async () => {
    const { key, channel, thread, buttons, messageTs } = await askForApproval("All right, I will not compute it.");
    expect((await postSlackInteraction(blockActions(channel, messageTs, thread, buttons.Deny!))).status).toBe(200);
    await waitFor(async () => (await posted(channel)).some((b) => b.text === "All right, I will not compute it." && b.thread_ts === thread), "the answer");
    const update = (await platformCalls("slack", channel)).find((c) => c.method === "chat.update")!;
    expect(JSON.stringify(update.body.blocks)).toContain("❌ Denied by <@U0LEARNER>.");
    const toolResult = (await requests(key)).requests[1]!.messages.find((m) => m.role === "tool");
    expect(String(toolResult?.content)).toContain("refused");
  });

  it("refuses interactions that are unsigned, wrongly signed, stale or malformed", async () => {
    const payload = blockActions(uniqueChannel(), uniqueTs(), undefined, { action_id: "approval_allow", value: "allow:appr_0123456789abcdef0123" });
    const bad = await postSlackInteraction(payload, { signature: "v0=" + "0".repeat(64) });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ error: { code: "bad_signature", message: expect.any(String) } });
    expect((await postSlackInteraction(payload, { secret: "another-secret" })).status).toBe(401);
    expect((await postSlackInteraction(payload, { signature: null })).status).toBe(401);
    expect((await postSlackInteraction(payload, { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 })).status).toBe(401);
    const notAnObject = await postSlackInteraction("x");
    expect(notAnObject.status).toBe(400);
    expect(((await notAnObject.json()) as { error: { code: string } }).error.code).toBe("invalid_request");
    expect((await postSlackInteraction({ type: "block_actions", team: { id: TEAM_ID }, user: { id: "U1" }, actions: [] })).status).toBe(400);

    // A well-signed click on an approval this channel never showed is acknowledged and refused politely.
    expect((await postSlackInteraction(payload)).status).toBe(200);
    const note = await waitFor(async () => (await platformCalls("slack", payload.channel.id)).find((c) => c.method === "chat.postEphemeral"), "the refusal");
    expect(note.body.text).toBe(SAY[CLICK_REFUSALS.foreign]);
  });
});
