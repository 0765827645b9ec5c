// A course had no language: its syllabus and lessons were asked for "in the language of the topic", so a
// Spanish speaker's `/course Python` was confirmed in Spanish ("cada día llegará aquí una lección nueva") and
// then taught in English. Now a course takes `language` (the chats' /course passes the person's), its
// requests name it, and each lesson request also says what the last lesson covered, which the daily-lesson
// skill builds on (before, only the titles).
import { afterEach, describe, expect, it } from "vitest";
import { confirmedCourse, createPlannedCourse, lessonReplies, SYLLABUS_REPLY, waitForLessons } from "../support/course-fixtures";
import { tick } from "../support/course-tick";
import { requests, script } from "../support/model-control";
import { platformCalls, uniqueChatId, waitFor } from "../support/platform-control";
import { fromLanguage, postTelegram, telegramUpdate } from "../support/telegram-requests";
import { call, uniqueId } from "../support/worker-http";

const created: string[] = [];
afterEach(async () => {
  for (const id of created.splice(0)) await call(`/v1/courses/${id}`, { method: "DELETE" });
});

/** The text of the `i`th model request the script `key` received. */
const requestText = async (key: string, i: number) => JSON.stringify((await requests(key)).requests[i]!.messages);

describe("a course's language", () => {
  it("is asked for in the syllabus and in every lesson, beside what the last lesson covered", async () => {
    const key = uniqueId("course-language");
    const first = lessonReplies(uniqueId("vectores-1"), "What a vector is");
    const marker = await script(key, [SYLLABUS_REPLY, ...first, ...lessonReplies(uniqueId("vectores-2"), "Adding vectors")]);
    const course = await createPlannedCourse({ topic: `${marker} Python`, language: "es" });
    created.push(course.id);
    expect(course.language).toBe("es");
    expect(await requestText(key, 0)).toContain("Language: es");

    await tick("2031-10-01T08:00:00Z");
    await waitForLessons(course.id, 1);
    expect(await requestText(key, 1)).toContain("Learner's language: es");
    await tick("2031-10-02T08:00:00Z");
    await waitForLessons(course.id, 2);
    expect(await requestText(key, 3)).toContain(`What lesson 1 covered:\\n${first[1]!.text}`);
  });

  it("heads a delivered lesson whose own language is not known", async () => {
    const marker = await script(uniqueId("course-language-heading"), [
      SYLLABUS_REPLY,
      { toolCalls: [{ name: "save_document", args: { filename: uniqueId("python"), title: "Python", topic: "python", content: "# Python\n\nprint()\n" } }] },
      { text: "Hoy: print." },
    ]);
    const chat = uniqueChatId();
    const course = await createPlannedCourse({ topic: `${marker} Python`, language: "es", deliver: [{ platform: "telegram", to: chat }] });
    created.push(course.id);
    await tick("2031-10-03T08:00:00Z");
    await waitForLessons(course.id, 1);
    const [heading] = (await platformCalls("telegram", chat)).filter((c) => c.method === "sendMessage");
    expect(String(heading!.body.text)).toBe(`${marker} Python — lección 1 de 3: Python\n\nHoy: print.`);
  });

  it("is refused, naming the field, when it is no language tag", async () => {
    const res = await call("/v1/courses", { method: "POST", json: { topic: "Python", language: "Spanish please" } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain("language");
  });

  it("is the person's for a chat's /course", async () => {
    const key = uniqueId("course-language-chat");
    const marker = await script(key, [SYLLABUS_REPLY]);
    const chat = uniqueChatId();
    await postTelegram(fromLanguage(telegramUpdate(chat, `/course ${marker} Python`), "es"));
    const confirmation = await waitFor(async () => (await platformCalls("telegram", chat)).find((c) => c.method === "sendMessage"), "the confirmation");
    const course = await confirmedCourse(String(confirmation.body.text));
    created.push(course.id);
    expect(course.language).toBe("es");
    expect(await requestText(key, 0)).toContain("Language: es");
  });
});
