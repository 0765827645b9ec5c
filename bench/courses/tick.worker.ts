// The course-tick benchmark's Worker: the product's CourseRegistry and its scheduled tick, with a seed
// route that writes planned courses straight into the shards (through the public API each course would
// start a planning run). Bench-only: src/ has no seed route.
//   POST /seed?count=N&dueAt=MS   N courses (daily, 3-lesson syllabus), next due at MS
//   POST /tick?at=MS              the scheduled handler's tick at MS; { started, courses }
import { CourseRegistry } from "../../src/courses/course-registry";
import { CourseStore } from "../../src/courses/course-store";
import { loadConfig } from "../../src/config";
import { allCourseShards, newCourseId, shardOf } from "../../src/courses/course-shards";
import { tickCourses } from "../../src/courses/scheduled";
import type { Env } from "../../src/env";

const SYLLABUS = ["What a vector is", "Adding vectors", "The dot product"];
/** Courses per RPC to a shard: keeps each call's payload small. */
const BATCH = 2000;

export class SeededCourseRegistry extends CourseRegistry {
  seed(ids: string[], dueAt: number): number {
    const store = new CourseStore(this.ctx.storage.sql, (fn) => this.ctx.storage.transactionSync(fn));
    this.ctx.storage.transactionSync(() => {
      for (const id of ids) {
        store.insert(id, { topic: `Bench ${id}`, cron: "0 0 * * *", deliver: {} }, null);
        store.setSyllabus(id, SYLLABUS);
        store.setNextDue(id, dueAt);
      }
    });
    return this.ctx.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM courses").one().n;
  }
}

export default {
  async fetch(req: Request, env: Env): Promise<Response> {
    const url = new URL(req.url);
    const shards = loadConfig(env).COURSE_SHARDS;
    if (url.pathname === "/healthz") return Response.json({ ok: true });
    if (req.method === "POST" && url.pathname === "/seed") {
      const count = Number(url.searchParams.get("count"));
      const dueAt = Number(url.searchParams.get("dueAt"));
      const byShard: string[][] = Array.from({ length: shards }, () => []);
      for (let i = 0; i < count; i++) {
        const id = newCourseId(shards);
        byShard[shardOf(id, shards)]!.push(id);
      }
      const registries = allCourseShards(env, shards) as unknown as DurableObjectStub<SeededCourseRegistry>[];
      const totals = await Promise.all(
        byShard.map(async (ids, i) => {
          let total = 0;
          for (let at = 0; at < ids.length; at += BATCH) total = await registries[i]!.seed(ids.slice(at, at + BATCH), dueAt);
          return total;
        }),
      );
      return Response.json({ perShard: totals });
    }
    if (req.method === "POST" && url.pathname === "/tick") {
      const started = await tickCourses(env, Number(url.searchParams.get("at")));
      return Response.json({ started: started.length });
    }
    return Response.json({ error: { code: "not_found", message: url.pathname } }, { status: 404 });
  },
};
