// No GET under /v1/lessons takes a query parameter it does not read (the list takes its page's only; a lesson,
// its deck, its exercises none), so each refuses one, naming it, rather than answer as if it were not there.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { putLesson } from "../support/quiz-lesson";
import { call, uniqueId } from "../support/worker-http";

const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

describe("lesson routes and query parameters", () => {
  it("refuses a query parameter on every lesson read, naming it", async () => {
    const key = `${uniqueId("query-lesson")}.md`;
    await putLesson(env.LESSONS, key);
    for (const [path, parameter] of [
      ["/v1/lessons?sort=title", "sort"],
      [`/v1/lessons/${key}?download=1`, "download"],
      [`/v1/lessons/${key}/deck?format=csv`, "format"],
      [`/v1/lessons/${key}/exercises?withAnswers=true`, "withAnswers"],
      // Before the lesson is looked up.
      ["/v1/lessons/no-such-lesson.md/exercises?withAnswers=true", "withAnswers"],
    ]) {
      const res = await call(path!);
      expect(res.status, path).toBe(400);
      expect(await errorOf(res), path).toMatchObject({ code: "invalid_request", message: expect.stringContaining(parameter!) });
    }
    expect((await call(`/v1/lessons/${key}`)).status).toBe(200);
  });
});
