// "/stop" on Slack, as on Telegram: it cancels the run of the conversation it is sent in (the thread) and
// that run's answer is never posted; a run in another thread of the same channel goes on. Before, Slack
// answered /stop as an unknown command and the run went on.
import { describe, expect, it } from "vitest";
import { chatSettled } from "../../support/chat-settled";
import { script } from "../../support/model-control";
import { platformCalls, waitFor } from "../../support/platform-control";
import { appMention, directMessage, eventCallback, postSlack, TEAM_ID, uniqueChannel } from "../../support/slack-requests";
import { call, uniqueId } from "../../support/worker-http";

type Session = { runs: Array<{ status: string }> };
/** The session's runs; none while the session does not exist yet. */
const runs = async (sessionId: string) => ((await (await call(`/v1/sessions/${sessionId}`)).json()) as Partial<Session>).runs ?? [];
const posted = async (channel: string) =>
  (await platformCalls("slack", channel)).filter((c) => c.method === "chat.postMessage").map((c) => ({ text: c.body.text, thread: c.body.thread_ts }));

describe("/stop on Slack", () => {
  it("cancels the run of its thread only; that answer is never posted", async () => {
    const stopped = await script(uniqueId("slack-stop"), [{ text: "This answer comes too late.", delayMs: 3_000 }]);
    const other = await script(uniqueId("slack-stop-other"), [{ text: "The other thread's answer.", delayMs: 1_500 }]);
    const channel = uniqueChannel();
    const first = appMention(channel, `${stopped} Write me a very long essay.`);
    const second = appMention(channel, `${other} And a short note.`);
    await postSlack(eventCallback(first));
    await postSlack(eventCallback(second));
    await waitFor(async () => (await runs(`slack-${TEAM_ID}-${channel}-${first.ts}`))[0]?.status === "running", "the first thread's run");

    await postSlack(eventCallback(appMention(channel, "/stop", { thread_ts: first.ts })));
    await waitFor(async () => (await posted(channel)).some((m) => m.text === "Stopped." && m.thread === first.ts), "the confirmation in the thread");
    await waitFor(async () => (await runs(`slack-${TEAM_ID}-${channel}-${first.ts}`))[0]?.status === "cancelled", "the cancelled run");
    await waitFor(
      async () => (await posted(channel)).some((m) => m.text === "The other thread's answer." && m.thread === second.ts),
      "the other thread's answer",
    );
    expect((await runs(`slack-${TEAM_ID}-${channel}-${second.ts}`))[0]?.status).toBe("completed");

    // Both threads' jobs and the /stop are done: the stopped run's answer would have been posted by now.
    await chatSettled(`slack:${TEAM_ID}:${channel}`, 3);
    expect((await posted(channel)).filter((m) => m.thread === first.ts).map((m) => m.text)).toEqual(["Stopped."]);
  });

  it("says so when nothing is running in the thread", async () => {
    const channel = uniqueChannel("D");
    await postSlack(eventCallback(directMessage(channel, "/stop")));
    await waitFor(async () => (await posted(channel)).some((m) => m.text === "Nothing is running."), "the answer");
  });
});
