// Where a test finds the repository's files, wherever the test file sits in test/.
import { resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname, "../..");
export const FIXTURES = resolve(ROOT, "test/fixtures");
export const fromRoot = (...parts: string[]) => resolve(ROOT, ...parts);
