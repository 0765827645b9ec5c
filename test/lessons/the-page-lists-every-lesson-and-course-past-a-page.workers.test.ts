// The lesson and course lists answer a page and the cursor of the next (docs/api.md, "Paging the listings").
// The web page's API client (public/js/api.js) follows the cursors to the end, so its lists show every lesson
// and course, not the first page of them.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SYLLABUS_REPLY } from "../support/course-fixtures";
import { script } from "../support/model-control";
import { putLesson } from "../support/quiz-lesson";
import { tenantApp } from "../support/tenant-app";
import { uniqueId } from "../support/worker-http";

type PageApi = { listLessons(): Promise<Array<{ key: string }>>; listCourses(): Promise<Array<{ id: string }>> };
// Plain JS without types: imported by a path TypeScript does not follow, as the page's other tests do.
const PAGE_API = "../../public/js/api.js";
const { createApi } = (await import(/* @vite-ignore */ PAGE_API)) as { createApi: (o: { baseUrl: string }) => PageApi };

const tenant = uniqueId("page-lister");
const as = tenantApp({ a: tenant, b: uniqueId("other") }, { LIST_PAGE_DEFAULT_ITEMS: "2" });
/** The page's client, its requests answered by the Worker's app as tenant a with pages of two. */
function pageApi(): PageApi {
  vi.stubGlobal("fetch", (url: string, init: RequestInit) => as("a", init.method ?? "GET", new URL(url).pathname + new URL(url).search));
  return createApi({ baseUrl: "https://agent.example.com" });
}

afterEach(() => vi.unstubAllGlobals());

describe("the page's lists", () => {
  it("hold every lesson, newest first, over pages of two", async () => {
    const keys = [1, 2, 3, 4, 5].map((n) => `${tenant}-${n}.md`);
    for (const [n, key] of keys.entries()) await putLesson(env.LESSONS, key, undefined, tenant, `2021-01-01T00:00:0${n}.000Z`);
    expect((await (await as("a", "GET", "/v1/lessons")).json()) as { lessons: unknown[] }).toMatchObject({ lessons: { length: 2 } });
    expect((await pageApi().listLessons()).map((l) => l.key)).toEqual(keys.toReversed());
  });

  it("hold every course, in creation order, over pages of two", async () => {
    const marker = await script(uniqueId("page-courses"), [SYLLABUS_REPLY, SYLLABUS_REPLY, SYLLABUS_REPLY]);
    const ids: string[] = [];
    for (const n of [1, 2, 3]) ids.push(((await (await as("a", "POST", "/v1/courses", { topic: `${marker} Topic ${n}` })).json()) as { id: string }).id);
    try {
      expect((await pageApi().listCourses()).map((c) => c.id)).toEqual(ids);
    } finally {
      for (const id of ids) await as("a", "DELETE", `/v1/courses/${id}`);
    }
  });
});
