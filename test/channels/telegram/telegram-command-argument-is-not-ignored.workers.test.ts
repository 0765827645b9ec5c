// What follows a Telegram command is honoured or refused, never silently dropped: /quiz, /review,
// /progress, /new and /compact take nothing after them and say so without acting; /start's deep-link
// payload and /help's words still show the help; /stop stops whatever follows; an unknown command with
// digits in its name is answered as unknown rather than handed to the model.
import { describe, expect, it } from "vitest";
import { htmlToPlain } from "../../../src/platforms/telegram/telegram-html";
import { platformCalls, uniqueChatId, waitFor } from "../../support/platform-control";
import { postTelegram, telegramUpdate } from "../../support/telegram-requests";
import { call } from "../../support/worker-http";
import { ENGLISH_CHAT_PHRASES as SAY } from "../../support/english-phrases";

const texts = async (chat: number) =>
  (await platformCalls("telegram", chat)).filter((c) => c.method === "sendMessage").map((c) => htmlToPlain(String(c.body.text)));

/** Sends each text in turn, each after the previous one's reply, and returns the replies. */
async function repliesTo(chat: number, sent: string[]): Promise<string[]> {
  for (const [i, text] of sent.entries()) {
    await postTelegram(telegramUpdate(chat, text));
    await waitFor(async () => (await texts(chat)).length === i + 1, `the reply to ${text}`);
  }
  return texts(chat);
}

describe("a Telegram command's argument", () => {
  it("is refused by the commands that take none, which then do nothing", async () => {
    const chat = uniqueChatId();
    const replies = await repliesTo(chat, ["/quiz photosynthesis", "/new chemistry", "/review now", "/progress please", "/compact all of it"]);
    expect(replies[0]).toBe(
      '/quiz takes nothing after it, so I did not act on "photosynthesis". Send just /quiz to go on with the quiz on the last lesson sent here (for a new topic, send /lesson <topic> first).',
    );
    expect(replies.slice(1)).toEqual([
      '/new takes nothing after it, so I did not act on "chemistry". Send just /new to start a fresh conversation.',
      '/review takes nothing after it, so I did not act on "now". Send just /review to get the exercises due for review.',
      '/progress takes nothing after it, so I did not act on "please". Send just /progress to see how you are doing.',
      '/compact takes nothing after it, so I did not act on "all of it". Send just /compact to summarize our earlier conversation.',
    ]);
    // /new did not move the chat to a new session, and nothing asked the model.
    expect((await call(`/v1/sessions/tg-${chat}`)).status).toBe(404);
  });

  it("is documented as not changing /start, /help and /stop; an unknown command is named", async () => {
    const chat = uniqueChatId();
    const help = SAY.telegramHelp;
    const replies = await repliesTo(chat, ["/start invite-42", "/help lesson", "/stop please", "/quiz2"]);
    expect(replies[0]).toBe(help);
    expect(replies[1]).toBe(help);
    expect(replies[2]).toBe("Nothing is running.");
    expect(replies[3]).toBe(`I do not know /quiz2.\n\n${help}`);
    expect((await call(`/v1/sessions/tg-${chat}`)).status).toBe(404);
  });
});
