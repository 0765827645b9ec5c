// POST /v1/courses with an Idempotency-Key, replayed after its course was deleted, answers as the first
// request did (201, the same id, `idempotent-replayed: true`: a replay is the original answer, as Stripe's
// are) and creates nothing (the same id is no new course); the course is gone all the same: GET of the id is 404.
import { describe, expect, it } from "vitest";
import { SYLLABUS_REPLY } from "../support/course-fixtures";
import { script } from "../support/model-control";
import { call, uniqueId } from "../support/worker-http";

describe("a keyed course create replayed after the course was deleted", () => {
  it("answers as the first request did, creates nothing, and the course stays gone", async () => {
    const marker = await script(uniqueId("course-replay"), [SYLLABUS_REPLY]);
    const body = { topic: `${marker} Vectors` };
    const headers = { "idempotency-key": uniqueId("replay-key") };
    const first = await call("/v1/courses", { method: "POST", json: body, headers });
    expect(first.status).toBe(201);
    const { id } = (await first.json()) as { id: string };
    expect((await call(`/v1/courses/${id}`, { method: "DELETE" })).status).toBe(204);

    const replay = await call("/v1/courses", { method: "POST", json: body, headers });
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await replay.json()).toEqual({ id });
    expect((await call(`/v1/courses/${id}`)).status).toBe(404);
  });
});
