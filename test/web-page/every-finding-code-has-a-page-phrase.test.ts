// Every code the lesson check can give a finding (FindingCode, src/lessons/validator.ts) has a phrase of the
// page (public/js/lesson-findings.js), in every language the page has (the page books hold every key of its
// English: phrase-books-cover-every-language.test.ts): a code added to the check without one would be said
// as "found something else to fix (<code>)".
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { expect, it } from "vitest";
import { fromRoot } from "../support/paths";

const { FINDING_PHRASES } = (await import(pathToFileURL(fromRoot("public/js/lesson-findings.js")).href)) as { FINDING_PHRASES: Record<string, string> };
const { ENGLISH } = (await import(pathToFileURL(fromRoot("public/js/i18n.js")).href)) as { ENGLISH: Record<string, string> };

/** The members of the FindingCode union, read from its declaration. */
const findingCodes = () => {
  const union = /export type FindingCode =([^;]+);/.exec(readFileSync(fromRoot("src/lessons/validator.ts"), "utf8"))![1]!;
  return [...union.matchAll(/"([a-z_]+)"/g)].map((m) => m[1]!);
};

it("has a phrase for every finding code, and for no other", () => {
  const codes = findingCodes();
  expect(codes.length).toBeGreaterThan(20);
  expect(Object.keys(FINDING_PHRASES).sort()).toEqual([...codes].sort());
  for (const key of Object.values(FINDING_PHRASES)) expect(ENGLISH[key], key).toEqual(expect.any(String));
});
