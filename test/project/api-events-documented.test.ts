// docs/api.md documents the one event union (the loop's events and those the product merges in): its
// table has a row for every event type, and no row for a type the union does not have.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EVENT_TYPES } from "../../src/session/trace/event-catalogue";
import { fromRoot } from "../support/paths";

const doc = readFileSync(fromRoot("docs/api.md"), "utf8");
/** The event types named by rows of the events table (`| \`type\` | \`{…}\` … |`). */
const documented = [...doc.matchAll(/^\| `([a-z_]+(?:\.[a-z_]+)?)` \| `\{/gm)].map((m) => m[1]!);

describe("docs/api.md's event table", () => {
  it("lists every event type of the union", () => {
    expect(EVENT_TYPES.filter((t) => !documented.includes(t))).toEqual([]);
  });

  it("lists no type the union lacks, and each once", () => {
    const known = new Set<string>(EVENT_TYPES);
    expect(documented.filter((t) => !known.has(t))).toEqual([]);
    expect(new Set(documented).size).toBe(documented.length);
  });
});
