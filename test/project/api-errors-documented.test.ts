// docs/api.md's error table is the catalogue (src/lib/error-codes.ts) as the wire shows it: a row's status
// and codes are exactly the catalogue's codes of that status, spelled as the wire spells them, both ways.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ERROR_CODES, httpStatus, wireCode } from "../../src/lib/error-codes";
import { fromRoot } from "../support/paths";

const doc = readFileSync(fromRoot("docs/api.md"), "utf8");
const section = doc.slice(doc.indexOf("## Errors"), doc.indexOf("\n## ", doc.indexOf("## Errors") + 1));

/** "status code" pairs of the table's rows (`| 404 | \`not_found\`, … | when |`). */
const documented = [...section.matchAll(/^\| (\d{3}) \| ([^|]+) \|/gm)].flatMap(([, status, codes]) =>
  [...codes!.matchAll(/`([a-z_]+)`/g)].map(([, code]) => `${status} ${code}`),
);
const catalogued = ERROR_CODES.map((code) => `${httpStatus(code)} ${wireCode(code)}`);

describe("docs/api.md's error table", () => {
  it("finds the table's rows, so the checks below can fail", () => {
    expect(documented).toContain("404 not_found");
    expect(documented.length).toBeGreaterThan(20);
  });

  it("lists every code of the catalogue under its status", () => {
    expect([...new Set(catalogued)].filter((pair) => !documented.includes(pair))).toEqual([]);
  });

  it("lists no code or status the catalogue does not have", () => {
    expect(documented.filter((pair) => !catalogued.includes(pair))).toEqual([]);
  });
});
