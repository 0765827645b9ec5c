// scripts/build-assets.mjs is wrangler's [build] command, so every `wrangler dev` runs it as it starts,
// and the tests and the conformance suite start several at once. Before, it removed public/skills and
// copied it again, and a second run's removal made the first fail (ENOENT) and its wrangler dev exit.
import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";

const root = join(import.meta.dirname, "..");

const tree = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length))
    .sort();

it("runs four times at once, and leaves public/skills exactly skills/", async () => {
  const runs = Array.from({ length: 4 }, () => promisify(execFile)(process.execPath, [join(root, "scripts/build-assets.mjs")], { cwd: root }));
  await Promise.all(runs);
  const skills = join(root, "skills");
  const published = join(root, "public/skills");
  expect(tree(published)).toEqual(tree(skills));
  for (const file of tree(skills)) expect(readFileSync(join(published, file), "utf8")).toBe(readFileSync(join(skills, file), "utf8"));
});
