// /progress in Telegram and Slack: a short text summary of the chat's learner (answers, accuracy, the
// week, reviews due, weak spots), read from the same progress report the page charts.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { htmlToPlain } from "../../src/platforms/telegram/telegram-html";
import { platformCalls, uniqueChatId, waitFor } from "../support/platform-control";
import { eventCallback, postSlack, TEAM_ID, uniqueChannel, uniqueTs } from "../support/slack-requests";
import { postTelegram, telegramUpdate } from "../support/telegram-requests";
import { putLesson } from "../support/quiz-lesson";
import { WEEK_LESSONS, weekLesson, weekOfAnswers } from "../support/week-of-answers";

const DAY_MS = 86_400_000;

/**
 * Records the fake week's answers for `learner` of `tenant`, its last day today: each day's answers at the
 * first seconds of its UTC day, in order (an hour of the week is a millisecond here). Shifted by the clock
 * instead, the answers of a day crossed midnight whenever the suite ran between 22:00 and 01:00 UTC.
 */
async function recordWeek(learner: string, tenant: string): Promise<void> {
  // Its lessons exist, the tenant's: a progress report counts the cards of exercises their lessons have.
  for (const key of WEEK_LESSONS) await putLesson(env.LESSONS, key, weekLesson(key), tenant);
  const stub = env.LEARNERS.getByName(learner);
  const answers = weekOfAnswers();
  const dayOf = (at: number) => Math.floor(at / DAY_MS) * DAY_MS;
  const days = dayOf(Date.now()) - dayOf(answers.at(-1)!.at);
  for (const { attempt, at } of answers) await stub.record(tenant, attempt, dayOf(at) + days + (at - dayOf(at)) / 3_600);
}

describe("/progress in the chats", () => {
  it("answers on Telegram with the chat's progress in a few lines", async () => {
    const chat = uniqueChatId();
    await postTelegram(telegramUpdate(chat, "/progress"));
    const first = await waitFor(async () => (await platformCalls("telegram", chat)).find((c) => c.method === "sendMessage"), "the first summary");
    expect(htmlToPlain(String(first.body.text))).toMatch(/^No answers yet/);

    await recordWeek(`tg-${chat}`, "telegram");
    await postTelegram(telegramUpdate(chat, "/progress@StudyAgentBot"));
    const summary = await waitFor(async () => {
      const sent = (await platformCalls("telegram", chat)).filter((c) => c.method === "sendMessage");
      return sent.length === 2 && htmlToPlain(String(sent[1]!.body.text));
    }, "the summary");
    expect(summary).toContain("Your progress: 14 answers, 7 correct (50 %).");
    expect(summary).toContain("This week: 14 answers; streak 4 days.");
    expect(summary).toMatch(/Reviews: \d+ due now, \d+ in the coming 7 days/);
    expect(summary).toContain("Worth another look: Chain rule.");
  });

  it("answers on Slack", async () => {
    const channel = uniqueChannel("D");
    await recordWeek(`slack-${TEAM_ID}-${channel}`, "slack");
    const ts = uniqueTs();
    await postSlack(eventCallback({ type: "message", channel_type: "im", user: "U0LEARNER", text: "/progress", ts, channel, event_ts: ts }));
    const text = await waitFor(async () => (await platformCalls("slack", channel)).find((c) => c.method === "chat.postMessage")?.body.text, "the summary");
    expect(String(text)).toContain("Your progress: 14 answers, 7 correct (50 %).");
  });
});
