// Shared pieces of the tests that prove a text reader runs in time linear in its input: the old
// expression kept as the oracle on many short random strings, and the long run that made it slow.
import fc from "fast-check";
import { expect } from "vitest";

/** Random strings per property: enough to meet the rare shapes among short strings of a few units. */
export const RUNS = { numRuns: 20_000 };

/** Strings of up to `maxLength` units from `units` (single characters or short tokens). */
export const unitsOf = (maxLength: number, ...units: string[]) => fc.string({ unit: fc.constantFrom(...units), maxLength });

/** Strings of up to 30 units from `units`. */
export const textOf = (...units: string[]) => unitsOf(30, ...units);

/** `unit` repeated to about `length` characters. */
export const long = (unit: string, length = 100_000) => unit.repeat(Math.ceil(length / unit.length));

/** What `run` returns, within a limit that tells linear from quadratic here (a guard against a hang, not a benchmark). */
export function quick<T>(run: () => T): T {
  const started = performance.now();
  const result = run();
  expect(performance.now() - started).toBeLessThan(5_000);
  return result;
}
