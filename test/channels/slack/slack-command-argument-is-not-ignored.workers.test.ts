// A Slack message that starts with a command is honoured or refused, never handed to the model as if it
// were a question: /quiz, /review, /progress and /compact refuse words after them; /help lists the
// commands; /lesson <topic> asks for a lesson as on Telegram; an unknown "/word" is named as unknown.
import { describe, expect, it } from "vitest";
import { escapeSlackText } from "../../../src/platforms/slack/slack-api";
import { requests, script } from "../../support/model-control";
import { platformCalls, waitFor } from "../../support/platform-control";
import { directMessage, eventCallback, postSlack, uniqueChannel } from "../../support/slack-requests";
import { uniqueId } from "../../support/worker-http";
import { ENGLISH_CHAT_PHRASES as SAY } from "../../support/english-phrases";

const posted = async (channel: string) =>
  (await platformCalls("slack", channel)).filter((c) => c.method === "chat.postMessage").map((c) => String(c.body.text));

describe("a Slack command", () => {
  it("with words it does not take, or unknown, is answered without asking the model", async () => {
    const key = uniqueId("slack-cmd");
    const marker = await script(key, [{ text: "This must not be sent." }]);
    const channel = uniqueChannel("D");
    const sent = [`/quiz ${marker} photosynthesis`, `/frobnicate ${marker}`, "/help"];
    for (const [i, text] of sent.entries()) {
      expect(await postSlack(eventCallback(directMessage(channel, text)))).toHaveProperty("status", 200);
      await waitFor(async () => (await posted(channel)).length === i + 1, `the reply to ${text}`);
    }
    const [quiz, unknown, help] = await posted(channel);
    expect(quiz).toBe(
      escapeSlackText(
        `/quiz takes nothing after it, so I did not act on "${marker} photosynthesis". Send just /quiz to go on with the quiz on the last lesson sent here (for a new topic, send /lesson <topic> first).`,
      ),
    );
    expect(unknown).toBe(escapeSlackText(`I do not know /frobnicate here.\n\n${SAY.slackHelp}`));
    expect(help).toBe(escapeSlackText(SAY.slackHelp));
    expect((await requests(key)).requests).toHaveLength(0);
  });

  it("/lesson <topic> asks the agent for a lesson", async () => {
    const key = uniqueId("slack-lesson");
    const marker = await script(key, [{ text: "Here is your lesson." }]);
    const channel = uniqueChannel("D");
    await postSlack(eventCallback(directMessage(channel, `/lesson ${marker} vectors`)));
    await waitFor(async () => (await posted(channel)).includes("Here is your lesson."), "the answer");
    expect(JSON.stringify((await requests(key)).requests[0]!.messages)).toContain(`I want to learn about: ${marker} vectors`);
  });
});
