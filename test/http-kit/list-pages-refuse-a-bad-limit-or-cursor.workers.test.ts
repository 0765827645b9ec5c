// The pages of GET /v1/lessons and GET /v1/courses take `limit` (1 to LIST_PAGE_MAX_ITEMS) and a cursor
// one of their answers gave (`before`, `after`): anything else is a 400 naming the parameter, never a page
// that quietly ignored it, and a cursor of one listing's direction is not taken by the other's name.
import { describe, expect, it } from "vitest";
import { tenantApp } from "../support/tenant-app";
import { uniqueId } from "../support/worker-http";

const as = tenantApp({ a: uniqueId("bad-page"), b: uniqueId("other") }, { LIST_PAGE_MAX_ITEMS: "50", LIST_PAGE_DEFAULT_ITEMS: "50" });
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

describe("a page of a listing asked for wrongly", () => {
  it("is refused with a 400 naming the parameter", async () => {
    for (const [list, cursor, other] of [
      ["/v1/lessons", "before", "after"],
      ["/v1/courses", "after", "before"],
    ] as const) {
      for (const [query, parameter] of [
        ["limit=0", "limit"],
        ["limit=51", "limit"],
        ["limit=2.5", "limit"],
        ["limit=ten", "limit"],
        ["limit=", "limit"],
        [`${cursor}=abc`, cursor],
        [`${cursor}=2020-01-01T00:00:00.000Z`, cursor],
        [`${cursor}=2020-01-01T00:00:00.000Z~a%2Fb`, cursor],
        [`${other}=2020-01-01T00:00:00.000Z~x`, other],
        ["limit=2&limit=3", "limit"],
      ] as Array<[string, string]>) {
        const res = await as("a", "GET", `${list}?${query}`);
        expect(res.status, `${list}?${query}`).toBe(400);
        expect(await errorOf(res), `${list}?${query}`).toMatchObject({ code: "invalid_request", message: expect.stringContaining(parameter) });
      }
      const res = await as("a", "GET", `${list}?limit=50&${cursor}=2020-01-01T00:00:00.000Z~x`);
      expect(res.status, list).toBe(200);
    }
  });
});
