// A lesson's and a course's exercises as an Anki deck, in Anki's text import with file headers
// (https://docs.ankiweb.net/importing/text-files.html#file-headers): the headers, then one tab-separated
// note per exercise (GUID, front, back, tags), its HTML on one line, math in MathJax's \(…\) that Anki
// renders, the Answer Key's answer and explanation on the back. No #columns header: Anki matches its labels
// against field names in the collection's language, so a non-English Anki put the GUID on the front.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { createPlannedCourse, SYLLABUS_REPLY, waitForLessons } from "../support/course-fixtures";
import { tick } from "../support/course-tick";
import { script } from "../support/model-control";
import { putLesson, QUIZ_LESSON } from "../support/quiz-lesson";
import { call, uniqueId } from "../support/worker-http";

const created: string[] = [];
afterEach(async () => {
  for (const id of created.splice(0)) await call(`/v1/courses/${id}`, { method: "DELETE" });
});

/** The deck as Anki reads it: `#key:value` header lines, then notes of tab-separated fields. */
function readDeck(text: string) {
  const lines = text.replace(/\n$/, "").split("\n");
  const headers = Object.fromEntries(lines.filter((l) => l.startsWith("#")).map((l) => [l.slice(1, l.indexOf(":")), l.slice(l.indexOf(":") + 1)]));
  const notes = lines.filter((l) => !l.startsWith("#")).map((l) => l.split("\t"));
  return { headers, notes };
}

describe("Anki decks", () => {
  it("exports a lesson's exercises with Anki's headers, the question on the front and the answer key on the back", async () => {
    const key = `${uniqueId("derivatives-deck")}.md`;
    await putLesson(env.LESSONS, key);
    const res = await call(`/v1/lessons/${key}/deck`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${key.replace(/\.md$/, "")}-anki.txt"`);
    const { headers, notes } = readDeck(await res.text());
    expect(headers).toEqual({
      separator: "tab",
      html: "true",
      notetype: "Basic",
      deck: "Derivatives",
      "guid column": "1",
      "tags column": "4",
    });
    expect(notes).toHaveLength(5);
    for (const n of notes) expect(n).toHaveLength(4);
    const [guid, front, back, tags] = notes[1]!;
    expect(guid).toBe(`studyagent:${key}#1.2`);
    expect(front).toBe("<b>1.2.</b> Which is the slope of the tangent line of \\(x^2\\) at \\(x = 1\\)?<br><br>A. 1<br>B. 2<br>C. 3<br>D. 4");
    expect(back).toBe("<b>B</b><br><br>The derivative \\(2x\\) is 2 at \\(x = 1\\).");
    expect(tags).toBe(`studyagent ${key.replace(/\.md$/, "")} multiple_choice`);
    // A fill-in's answer is math too, in Anki's delimiters; the explanation follows it.
    expect(notes[2]![2]).toBe("<b>\\(5x^4\\)</b><br><br>Multiply by 5 and lower the exponent.");
  });

  it("exports a course's lessons as one deck; unknown lessons and courses are 404", async () => {
    const filename = uniqueId("derivatives-course");
    const marker = await script(uniqueId("course-deck"), [
      SYLLABUS_REPLY,
      { toolCalls: [{ name: "save_document", args: { filename, title: "Derivatives", topic: "calculus", content: QUIZ_LESSON } }] },
      { text: "Today: derivatives." },
    ]);
    const course = await createPlannedCourse({ topic: `${marker} Calculus` });
    created.push(course.id);
    await tick("2031-08-01T09:00:00Z");
    await waitForLessons(course.id, 1);
    const res = await call(`/v1/courses/${course.id}/deck`);
    expect(res.status).toBe(200);
    const { headers, notes } = readDeck(await res.text());
    expect(headers.deck).toBe(`${marker} Calculus`);
    expect(notes.map((n) => n[0])).toEqual(["1.1", "1.2", "1.3", "1.4", "1.5"].map((id) => `studyagent:${filename}.md#${id}`));

    expect((await call("/v1/lessons/no-such-lesson.md/deck")).status).toBe(404);
    expect((await call("/v1/courses/course-000000000000/deck")).status).toBe(404);
  });

  it("of a document without exercises is 409 no_exercises, not a file Anki refuses as empty", async () => {
    const key = `${uniqueId("notes")}.md`;
    await putLesson(env.LESSONS, key, "# Notes\n\nJust notes, no exercises.\n");
    const res = await call(`/v1/lessons/${key}/deck`);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: { code: "no_exercises" } });
  });
});
