// /progress in a chat counts as due only what /review would ask: an exercise its lesson no longer has (the
// lesson deleted) is not "due now" in the summary and then left out by /review.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Verdict } from "../../src/learning/graded-answer";
import { htmlToPlain } from "../../src/platforms/telegram/telegram-html";
import { platformCalls, uniqueChatId, waitFor } from "../support/platform-control";
import { putLesson } from "../support/quiz-lesson";
import { postTelegram, telegramUpdate } from "../support/telegram-requests";
import { uniqueId } from "../support/worker-http";

/** An answer of the chat's learner (the bot's tenant's) to an exercise of `lessonKey`, two days ago: due now when missed. */
async function answeredTwoDaysAgo(chat: number, lessonKey: string, id: string, verdict: Verdict): Promise<void> {
  const exercise = { id, chapter: 1, chapterTitle: "The derivative", type: "multiple_choice" as const, question: "?", concepts: [] };
  const grade = { exerciseId: id, verdict, score: 0, feedback: "-", expected: "B" };
  await env.LEARNERS.getByName(`tg-${chat}`).record("telegram", { lessonKey, exercise, answer: "A", grade }, Date.now() - 2 * 86_400_000);
}

describe("/progress with an exercise whose lesson is gone", () => {
  it("does not count it as due", async () => {
    const chat = uniqueChatId();
    const kept = `${uniqueId("kept")}.md`;
    const gone = `${uniqueId("gone")}.md`;
    await putLesson(env.LESSONS, kept, undefined, "telegram");
    await putLesson(env.LESSONS, gone, undefined, "telegram");
    await answeredTwoDaysAgo(chat, kept, "1.1", "incorrect");
    await answeredTwoDaysAgo(chat, gone, "1.2", "incorrect");
    await env.LESSONS.delete(`lessons/${gone}`);

    await postTelegram(telegramUpdate(chat, "/progress"));
    const summary = await waitFor(async () => {
      const sent = (await platformCalls("telegram", chat)).find((c) => c.method === "sendMessage");
      return sent && htmlToPlain(String(sent.body.text));
    }, "the summary");
    expect(summary).toContain("Your progress: 2 answers, 0 correct (0 %).");
    expect(summary).toMatch(/Reviews: 1 due now, /);
  });
});
