// Courses spread over several CourseRegistry shards: the tick fans out to all of them and still
// produces exactly one lesson per course and period; listing merges the shards, get/delete find the course's.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config";
import type { CourseSummary } from "../../src/courses/course-registry";
import { shardOf } from "../../src/courses/course-shards";
import { tickCourses } from "../../src/courses/scheduled";
import { createPlannedCourse, getCourse, lessonReplies, SYLLABUS_REPLY, waitForLessons } from "../support/course-fixtures";
import { requests, script } from "../support/model-control";
import { uniqueChatId } from "../support/platform-control";
import { call, uniqueId } from "../support/worker-http";

const created: string[] = [];
afterEach(async () => {
  for (const id of created.splice(0)) await call(`/v1/courses/${id}`, { method: "DELETE" });
});

describe("courses on several shards", () => {
  it("land on more than one shard, and concurrent ticks write one lesson per course and period", async () => {
    const shards = loadConfig(env).COURSE_SHARDS;
    expect(shards).toBeGreaterThan(1);
    const keys: string[] = [];
    // Random ids: create courses until at least two shards hold one (each new course has a 15/16 chance).
    while (created.length < 3 || new Set(created.map((id) => shardOf(id, shards))).size < 2) {
      const key = uniqueId("course-shards");
      const marker = await script(key, [SYLLABUS_REPLY, ...lessonReplies(uniqueId("shard-lesson"), "What a vector is")]);
      created.push((await createPlannedCourse({ topic: `${marker} Vectors`, deliver: { telegramChatId: uniqueChatId() } })).id);
      keys.push(key);
      expect(created.length).toBeLessThan(10);
    }

    const listed = ((await (await call("/v1/courses")).json()) as { courses: CourseSummary[] }).courses.map((c) => c.id);
    expect(listed).toEqual(expect.arrayContaining(created));

    // The scheduler says which courses each tick started work for: each course in exactly one of the two
    // concurrent ticks, and in none of the later tick in the same period, so no second lesson can follow.
    const at9 = Date.parse("2033-02-01T09:00:00Z");
    const started = await Promise.all([tickCourses(env, at9), tickCourses(env, at9)]);
    for (const id of created) expect(started.filter((ids) => ids.includes(id))).toHaveLength(1);
    for (const id of created) await waitForLessons(id, 1);
    const later = await tickCourses(env, Date.parse("2033-02-01T10:00:00Z"));
    for (const id of created) expect(later).not.toContain(id);
    for (const [i, id] of created.entries()) {
      const course = await getCourse(id);
      expect(course.lessons.map((l) => l.period)).toEqual(["2033-02-01T00:00Z"]);
      expect((await requests(keys[i]!)).requests).toHaveLength(3); // the syllabus, then the lesson's two steps
    }
  });
});
