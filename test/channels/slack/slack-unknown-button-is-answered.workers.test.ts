// A click on a button the app does not know (an older version's, a forged value) or on a stale quiz button
// is answered to the person who clicked (an ephemeral message) instead of nothing at all.
import { describe, expect, it } from "vitest";
import { CLICK_REFUSALS } from "../../../src/platforms/approval-buttons";
import { platformCalls, waitFor } from "../../support/platform-control";
import { blockActions, postSlackInteraction, uniqueChannel, uniqueTs } from "../../support/slack-requests";
import { ENGLISH_CHAT_PHRASES as SAY } from "../../support/english-phrases";

describe("a click on a Slack button the app cannot act on", () => {
  it("is answered to the person who clicked", async () => {
    const channel = uniqueChannel();
    const thread = uniqueTs();
    for (const value of ["hello:world", "quiz:C"]) {
      const res = await postSlackInteraction(blockActions(channel, uniqueTs(), thread, { action_id: "button_0_0", value }));
      expect(res.status).toBe(200);
    }
    const notes = await waitFor(async () => {
      const calls = (await platformCalls("slack", channel)).filter((c) => c.method === "chat.postEphemeral");
      return calls.length === 2 && calls.map((c) => c.body);
    }, "two ephemeral answers");
    expect(notes.map((n) => n.text).sort()).toEqual([SAY[CLICK_REFUSALS.unknown], SAY.questionClosed].sort());
    for (const n of notes) expect(n).toMatchObject({ user: "U0LEARNER", thread_ts: thread });
    expect((await platformCalls("slack", channel)).filter((c) => c.method !== "chat.postEphemeral")).toEqual([]);
  });
});
