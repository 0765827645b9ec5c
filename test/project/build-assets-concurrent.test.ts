// scripts/build-assets.mjs is wrangler's [build] command, so every `wrangler dev` runs it as it starts
// (with the `node` on PATH), and the tests and the conformance suite start several at once. Before, it
// removed public/skills and copied it again, and fs.cpSync unlinks each file before copying it: another
// run's removal made one fail (ENOTEMPTY, ENOENT) and its wrangler dev exit.
import { execFile } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { ROOT } from "../support/paths";

const root = ROOT;

const tree = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length))
    .sort();

it("runs six times at once, and leaves public/skills exactly skills/", async () => {
  const skills = join(root, "skills");
  const published = join(root, "public/skills");
  // A skill removed since the last build is pruned.
  mkdirSync(join(published, "removed-skill"), { recursive: true });
  writeFileSync(join(published, "removed-skill/SKILL.md"), "gone");
  const runs = Array.from({ length: 6 }, () => promisify(execFile)("node", [join(root, "scripts/build-assets.mjs")], { cwd: root }));
  await Promise.all(runs);
  expect(tree(published)).toEqual(tree(skills));
  for (const file of tree(skills)) expect(readFileSync(join(published, file), "utf8")).toBe(readFileSync(join(skills, file), "utf8"));
});
