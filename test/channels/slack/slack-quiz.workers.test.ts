// A quiz on Slack, end to end against the fake Slack Web API with signed requests: "Quiz me" in the
// thread under a delivered lesson, one exercise at a time (A–D Block Kit buttons for multiple choice,
// a reply mentioning the app for the others, the model grading the short answer), verdicts and
// feedback, "/quiz" to go on, the summary, and "/review" of what is due (the walk:
// test/support/chat-quiz-walk.ts). Every message of the quiz stays in the mention's thread.
import { describe, expect, it } from "vitest";
import { walkQuiz } from "../../support/chat-quiz-walk";
import { messageLog } from "../../support/message-log";
import { script } from "../../support/model-control";
import { platformCalls, waitFor } from "../../support/platform-control";
import { QUIZ_LESSON } from "../../support/quiz-lesson";
import { appMention, blockActions, eventCallback, postSlack, postSlackInteraction, TEAM_ID, uniqueChannel, uniqueTs } from "../../support/slack-requests";
import { uniqueId } from "../../support/worker-http";

type Block = { type: string; elements?: Array<{ action_id: string; value: string; text: { text: string } }> };
type Action = { action_id: string; value: string };

/** The channel's bot messages: text (Slack's escaping undone), thread, and each button's action by label. */
const posted = async (channel: string) =>
  (await platformCalls("slack", channel))
    .filter((c) => c.method === "chat.postMessage")
    .map((c) => ({
      text: String(c.body.text).replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&"),
      thread: c.body.thread_ts as string | undefined,
      buttons: Object.fromEntries(
        ((c.body.blocks as Block[] | undefined) ?? [])
          .filter((b) => b.type === "actions")
          .flatMap((b) => b.elements!)
          .map((e): [string, Action] => [e.text.text, { action_id: e.action_id, value: e.value }]),
      ),
    }));

describe("a quiz on Slack", () => {
  it("offers Quiz me under a lesson in the thread, asks with buttons and replies, grades, sums up; /quiz goes on and /review asks what is due", async () => {
    const channel = uniqueChannel();
    const next = messageLog(() => posted(channel), waitFor);
    const writer = await script(uniqueId("slack-quiz-lesson"), [
      { toolCalls: [{ name: "save_document", args: { filename: uniqueId("derivatives"), content: QUIZ_LESSON, topic: "calculus" } }] },
      { text: "Here is your lesson on derivatives." },
    ]);
    const mention = appMention(channel, `${writer} teach me derivatives`);
    const thread = mention.ts;
    expect((await postSlack(eventCallback(mention))).status).toBe(200);

    // The answer, the lesson and the offer, all in the mention's thread.
    const [answer, lesson, offer] = await next(3);
    expect(answer!.text).toBe("Here is your lesson on derivatives.");
    // In mrkdwn: the heading bold, the math as Unicode.
    expect(lesson!.text).toContain("*Derivatives*");
    expect(lesson!.text).toContain("The derivative of xⁿ is n xⁿ⁻¹");
    expect(Object.keys(offer!.buttons)).toEqual(["Quiz me"]);

    await walkQuiz(
      {
        next,
        // A reply in a channel's thread mentions the app (Slack sends the app only its mentions there).
        say: async (text) => expect((await postSlack(eventCallback(appMention(channel, text, { thread_ts: thread })))).status).toBe(200),
        press: async (action: Action) => expect((await postSlackInteraction(blockActions(channel, uniqueTs(), thread, action))).status).toBe(200),
        learner: { id: `slack-${TEAM_ID}-${channel}`, tenant: "slack" },
      },
      offer!.buttons["Quiz me"]!,
    );
    expect((await posted(channel)).every((m) => m.thread === thread)).toBe(true);
  }, 60_000);
});
