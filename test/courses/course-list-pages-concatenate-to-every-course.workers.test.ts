// GET /v1/courses answered every course of every shard in one answer, however many there were. It now
// answers a page (`limit`, LIST_PAGE_DEFAULT_ITEMS without it) and `nextAfter`, the cursor of the next,
// newer page: followed to its end, the pages are every course once, in creation order, across the shards,
// a course created or deleted between two pages included.
import { afterEach, describe, expect, it } from "vitest";
import { SYLLABUS_REPLY } from "../support/course-fixtures";
import { script } from "../support/model-control";
import { tenantApp } from "../support/tenant-app";
import { uniqueId } from "../support/worker-http";

interface Page {
  courses: Array<{ id: string; topic: string; createdAt: string }>;
  nextAfter: string | null;
}

const as = tenantApp({ a: uniqueId("course-pager"), b: uniqueId("other") }, { LIST_PAGE_DEFAULT_ITEMS: "3" });
const created: string[] = [];
afterEach(async () => {
  for (const id of created.splice(0)) await as("a", "DELETE", `/v1/courses/${id}`);
});

async function create(topic: string): Promise<string> {
  const res = await as("a", "POST", "/v1/courses", { topic });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  created.push(id);
  return id;
}

/** `ids` in creation order, as each course's own view dates it (two may share a millisecond: then by id). */
async function inCreationOrder(ids: string[]): Promise<string[]> {
  const views = await Promise.all(ids.map(async (id) => (await (await as("a", "GET", `/v1/courses/${id}`)).json()) as { id: string; createdAt: string }));
  return views.sort((a, b) => (a.createdAt + a.id < b.createdAt + b.id ? -1 : 1)).map((v) => v.id);
}

describe("pages of the course list", () => {
  it("go through every course once, in creation order, while courses come and go", async () => {
    const marker = await script(
      uniqueId("course-pages"),
      Array.from({ length: 9 }, () => SYLLABUS_REPLY),
    );
    for (let n = 1; n <= 7; n++) await create(`${marker} Topic ${n}`);
    const ids = await inCreationOrder(created);

    const first = (await (await as("a", "GET", "/v1/courses")).json()) as Page;
    expect(first.courses.map((c) => c.id)).toEqual(ids.slice(0, 3));

    // Between two pages a course is created and one of the next page deleted: the pages go on from where they were.
    ids.push(await create(`${marker} Topic 8`));
    expect((await as("a", "DELETE", `/v1/courses/${ids[4]}`)).status).toBe(204);
    const seen = first.courses.map((c) => c.id);
    for (let after = first.nextAfter; after;) {
      const res = await as("a", "GET", `/v1/courses?limit=2&after=${encodeURIComponent(after)}`);
      expect(res.status).toBe(200);
      const page = (await res.json()) as Page;
      expect(page.courses.length).toBeLessThanOrEqual(2);
      seen.push(...page.courses.map((c) => c.id));
      after = page.nextAfter;
    }
    expect(seen).toEqual(ids.filter((id) => id !== ids[4]));

    // A page that reaches the newest course says there is none after it.
    const all = (await (await as("a", "GET", "/v1/courses?limit=7")).json()) as Page;
    expect(all.courses.map((c) => c.id)).toEqual(seen);
    expect(all.nextAfter).toBeNull();
  });
});
