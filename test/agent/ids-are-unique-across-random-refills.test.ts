// Ids are carved from random bytes drawn 64 ids at a time: across many refills of that pool, each id
// is its prefix and 20 hex digits, and none repeats.
import { describe, expect, it } from "vitest";
import { newId } from "../../src/agent/messages";

describe("newId", () => {
  it("gives well-formed ids that never repeat, across refills of its random bytes", () => {
    const ids = Array.from({ length: 5000 }, (_, i) => newId(i % 2 ? "msg" : "evt"));
    for (const id of ids) expect(id).toMatch(/^(msg|evt)_[0-9a-f]{20}$/);
    expect(new Set(ids.map((id) => id.slice(4))).size).toBe(ids.length);
    // Every hex digit turns up in every position: the bytes are random, not a counter or a constant.
    for (let pos = 4; pos < 24; pos++) expect(new Set(ids.map((id) => id[pos])).size).toBe(16);
  });
});
