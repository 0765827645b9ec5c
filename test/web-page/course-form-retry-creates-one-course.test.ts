// Creating a course from the page (public/js/courses.js with public/js/api.js), against a fake server that
// honours Idempotency-Key as the Worker does: a retry of the same form after the answer was lost (the
// server made the course, the page saw a network error) carries the first try's key and makes no second
// course; a changed form, and a new submission after a success, get keys of their own.
import { afterEach, describe, expect, it, vi } from "vitest";
import { COURSE_FORM, courseForm, pageApi } from "../support/course-form";

const { courseCreator } = courseForm;
const { createApi } = pageApi;
const FORM = COURSE_FORM;

/** A POST /v1/courses that keeps a course per key (a request without one always makes a new course); `loseNext` drops the next answer after the work is done. */
function fakeCourseServer() {
  const courses: string[] = [];
  const byKey = new Map<string, string>();
  const keys: Array<string | null> = [];
  let loseNext = false;
  vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
    const key = new Headers(init.headers).get("idempotency-key");
    keys.push(key);
    let id = key ? byKey.get(key) : undefined;
    if (!id) {
      id = `course-${courses.length + 1}`;
      courses.push(id);
      if (key) byKey.set(key, id);
    }
    if (loseNext) {
      loseNext = false;
      throw new TypeError("Failed to fetch");
    }
    return Response.json({ id }, { status: 201 });
  });
  return { courses, keys, loseAnswer: () => (loseNext = true) };
}

afterEach(() => vi.unstubAllGlobals());

describe("a course created from the page", () => {
  it("is created once when the same form is sent again after a lost answer", async () => {
    const server = fakeCourseServer();
    const create = courseCreator(createApi({ baseUrl: "https://agent.example" }));

    server.loseAnswer();
    await expect(create(FORM)).rejects.toThrow("Failed to fetch");
    expect(await create(FORM)).toMatchObject({ id: "course-1" });

    expect(server.courses).toEqual(["course-1"]);
    expect(server.keys[0]).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(server.keys[1]).toBe(server.keys[0]);
  });

  it("gives a changed form, and a new submission after a success, a key of its own", async () => {
    const server = fakeCourseServer();
    const create = courseCreator(createApi({ baseUrl: "https://agent.example" }));

    server.loseAnswer();
    await expect(create(FORM)).rejects.toThrow();
    // The learner changes the level before trying again: another course request, another key.
    await create({ ...FORM, level: "advanced" });
    // The same form once more after it succeeded is a second course the learner asked for.
    await create({ ...FORM, level: "advanced" });

    expect(new Set(server.keys).size).toBe(3);
    expect(server.courses).toHaveLength(3);
  });
});
