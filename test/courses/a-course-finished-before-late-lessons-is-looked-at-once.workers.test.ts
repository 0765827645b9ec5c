// Before late lessons covered finished courses, the tick set a finished course never due (next_due_at NULL)
// even when its last lesson's delivery had failed. Course migration 5 makes those due once, so the next tick
// sends the lesson if the bound allows; one finished and delivered, or with no target left, stays never due.
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { COURSE_MIGRATIONS } from "../../src/courses/course-schema";
import { CourseStore } from "../../src/courses/course-store";
import { migrate } from "../../src/lib/schema-migrations";
import { uniqueId } from "../support/worker-http";

describe("a registry whose finished courses were set never due", () => {
  it("makes those with an undelivered lesson due, unless no target is left", async () => {
    await runInDurableObject(env.COURSES.getByName(uniqueId("courses")), async (_o, state) => {
      await state.storage.deleteAll();
      migrate(state.storage, COURSE_MIGRATIONS.slice(0, 4));
      const course = (id: string, lastError: string | null) =>
        state.storage.sql.exec(
          "INSERT INTO courses (id, topic, cron, deliver, created_at, syllabus, last_error, next_due_at) VALUES (?, 'Vectors', '0 0 * * *', '{}', '2034-01-01T00:00:00Z', '[\"One\"]', ?, NULL)",
          id,
          lastError,
        );
      const lesson = (id: string, deliveredAt: string | null) =>
        state.storage.sql.exec(
          "INSERT INTO lessons (course_id, number, title, lesson_key, summary, period, created_at, delivered_at) VALUES (?, 1, 'One', 'one', '', '2034-01-01T00:00Z', '2034-01-01T00:00:00Z', ?)",
          id,
          deliveredAt,
        );
      course("undelivered", JSON.stringify({ code: "telegram_api_failed", message: "500", at: "2034-01-01T00:00:00Z" }));
      lesson("undelivered", null);
      course("delivered", null);
      lesson("delivered", "2034-01-01T00:01:00Z");
      course("unreachable", JSON.stringify({ code: "no_reachable_target", message: "gone", at: "2034-01-01T00:00:00Z" }));
      lesson("unreachable", null);

      migrate(state.storage, COURSE_MIGRATIONS);
      const store = new CourseStore(state.storage.sql, (fn) => state.storage.transactionSync(fn));
      expect(store.dueCourses(Date.now()).map((c) => c.id)).toEqual(["undelivered"]);
    });
  });
});
