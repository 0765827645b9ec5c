// GET /v1/lessons answered every lesson of the bucket in one answer, however many there were. It now
// answers a page (`limit`, LIST_PAGE_DEFAULT_ITEMS without it) and `nextBefore`, the cursor of the next,
// older page: followed to its end, the pages are every lesson once, newest first, lessons of one time
// included, even when lessons are saved or deleted between two pages.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { putLesson } from "../support/quiz-lesson";
import { tenantApp } from "../support/tenant-app";
import { uniqueId } from "../support/worker-http";

interface Page {
  lessons: Array<{ key: string; createdAt: string; status: string }>;
  nextBefore: string | null;
}

describe("pages of the lesson list", () => {
  it("go through every lesson once, newest first, without a gap, while lessons come and go", async () => {
    const tenant = uniqueId("pager");
    const as = tenantApp({ a: tenant, b: uniqueId("other") }, { LIST_PAGE_DEFAULT_ITEMS: "4" });
    const key = (n: number) => `${tenant}-${n}.md`;
    // Seven lessons, three of them saved at the same millisecond: the cursor must tell those apart by key.
    const times = ["2020-01-01T00:00:01.000Z", "2020-01-01T00:00:02.000Z", "2020-01-01T00:00:02.000Z", "2020-01-01T00:00:02.000Z"];
    for (let n = 1; n <= 7; n++) await putLesson(env.LESSONS, key(n), undefined, tenant, times[n - 1] ?? `2020-01-01T00:00:0${n}.000Z`);
    const newestFirst = [7, 6, 5, 4, 3, 2, 1].map(key);

    const first = (await (await as("a", "GET", "/v1/lessons")).json()) as Page;
    expect(first.lessons.map((l) => l.key)).toEqual(newestFirst.slice(0, 4));
    expect(first.lessons[0]).toMatchObject({ status: "final", createdAt: "2020-01-01T00:00:07.000Z" });

    // Between two pages a newer lesson is saved and one of the next page deleted: the pages go on from where they were.
    await putLesson(env.LESSONS, key(8), undefined, tenant);
    await env.LESSONS.delete(`lessons/${key(2)}`);
    const seen = first.lessons.map((l) => l.key);
    for (let before = first.nextBefore; before;) {
      const res = await as("a", "GET", `/v1/lessons?limit=2&before=${encodeURIComponent(before)}`);
      expect(res.status).toBe(200);
      const page = (await res.json()) as Page;
      expect(page.lessons.length).toBeLessThanOrEqual(2);
      seen.push(...page.lessons.map((l) => l.key));
      before = page.nextBefore;
    }
    expect(seen).toEqual(newestFirst.filter((k) => k !== key(2)));

    // A page that reaches the oldest lesson says there is none after it.
    const all = (await (await as("a", "GET", "/v1/lessons?limit=7")).json()) as Page;
    expect(all.lessons.map((l) => l.key)).toEqual([key(8), ...newestFirst.filter((k) => k !== key(2))]);
    expect(all.nextBefore).toBeNull();
  });
});
