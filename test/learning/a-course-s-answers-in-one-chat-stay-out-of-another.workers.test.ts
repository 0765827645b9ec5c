// A course may deliver to several chats, other people's. A course's quiz answered in one conversation counts
// for the course (its next lessons adapt to every answer), but only that conversation's /progress, quiz
// summary and /review show it: another chat on the same course never sees it, nor the course's answers given
// elsewhere (HTTP with the course id).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { answerQuiz, quizProgress, startLessonQuiz, startReview, type QuizDeps } from "../../src/learning/chat-quiz";
import { currentProgress } from "../../src/learning/current-progress";
import { putLesson } from "../support/quiz-lesson";
import { recordAnswer } from "../support/recorded-answer";
import { uniqueId } from "../support/worker-http";

const text = (r: { messages: Array<{ text: string }> }) => r.messages.map((m) => m.text).join("\n");

describe("a course quizzed in two chats", () => {
  it("shows each chat only the answers given in it, while the course counts them all", async () => {
    const key = `${uniqueId("course-lesson")}.md`;
    await putLesson(env.LESSONS, key);
    const course = { id: uniqueId("course"), tenant: null };
    const bob = uniqueId("tg-bob");
    const alice = uniqueId("tg-alice");
    // The chat's view of a conversation: its own learner, and the course quizzed there.
    const chatOf = (conversation: string): QuizDeps => ({ env, learnerId: conversation, tenant: null, also: [course], conversation });

    // Bob takes the course's quiz in his chat and misses 1.1.
    const bobsQuiz: QuizDeps = { env, learnerId: course.id, tenant: null, conversation: bob };
    const started = await startLessonQuiz(bobsQuiz, key);
    const verdict = await answerQuiz(bobsQuiz, started.state!, "A");
    expect(text(verdict)).toMatch(/^❌/);
    // Someone answers for the course over HTTP: 1.2 missed two days ago, due now.
    await recordAnswer(course.id, key, "1.2", "incorrect", Date.now() - 2 * 86_400_000);

    // The course counts both (its next lesson recaps them).
    expect((await currentProgress(env, course.id, null, 10)).answered).toBe(2);
    // Bob's chat shows his answer only.
    const bobs = await quizProgress(chatOf(bob), 10);
    expect(bobs.answered).toBe(1);
    expect(bobs.weakConcepts.map((c) => c.term)).toEqual(["Derivative"]);
    // Alice's chat on the same course shows neither his answer nor the one given over HTTP.
    const alices = await quizProgress(chatOf(alice), 10);
    expect(alices).toMatchObject({ answered: 0, dueReviews: 0, weakConcepts: [] });
    expect(text(await startReview(chatOf(alice), "en"))).toMatch(/^Nothing is due for review right now/);
  });
});
