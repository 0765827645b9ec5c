#!/usr/bin/env node
// Generates skills/manifest.json from every skills/<name>/SKILL.md front matter. The Worker reads
// skills through the static-assets binding, which cannot list a directory, so the manifest is how
// it learns which skills and sub-files exist. Commit the result; test/tools/skills-manifest.test.ts fails
// when it is stale.
//
//   node scripts/build-skills-manifest.mjs            write skills/manifest.json
//   node scripts/build-skills-manifest.mjs --check    exit 1 if the committed manifest is stale
//   --dir <path>                                      another skills folder (tests use a copy)
//
// Needs Node >= 22.18 (the project's `node` devDependency): it imports the TypeScript source of
// the front matter parser so the Worker and this script cannot disagree on the format.
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join, relative, resolve, sep } from "node:path";
import { parseArgs } from "node:util";
import { isSafeSkillPath, parseSkillFile } from "../src/tools/skill-format.ts";

const { values } = parseArgs({
  options: {
    check: { type: "boolean", default: false },
    dir: { type: "string", default: resolve(import.meta.dirname, "../skills") },
  },
});
const skillsDir = resolve(values.dir);
const manifestPath = join(skillsDir, "manifest.json");

/** Every file below `dir`, as sorted POSIX paths relative to it; dotfiles (editor litter) skipped. */
async function listFiles(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && !e.name.startsWith("."))
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join("/"))
    .sort();
}

async function buildManifest() {
  const skills = [];
  const folders = (await readdir(skillsDir, { withFileTypes: true }))
    .filter((e) => e.isDirectory() && !e.name.startsWith("."))
    .map((e) => e.name)
    .sort();
  for (const folder of folders) {
    const where = `skills/${folder}/SKILL.md`;
    let text;
    try {
      text = await readFile(join(skillsDir, folder, "SKILL.md"), "utf8");
    } catch {
      throw new Error(`${where} is missing: every skill folder needs one`);
    }
    let frontMatter;
    try {
      ({ frontMatter } = parseSkillFile(text));
    } catch (e) {
      throw new Error(`${where}: ${e.message}`);
    }
    if (frontMatter.name !== folder) throw new Error(`${where}: name "${frontMatter.name}" must equal its folder name`);
    const files = (await listFiles(join(skillsDir, folder))).filter((f) => f !== "SKILL.md");
    for (const f of files) {
      if (!isSafeSkillPath(f)) throw new Error(`skills/${folder}/${f}: rename it (letters, digits, ".", "_", "-" only)`);
    }
    skills.push({ ...frontMatter, files });
  }
  return { skills };
}

const text = `${JSON.stringify(await buildManifest(), null, 2)}\n`;
if (values.check) {
  const committed = await readFile(manifestPath, "utf8").catch(() => "");
  if (committed !== text) {
    console.error(`${manifestPath} is stale: run node scripts/build-skills-manifest.mjs and commit the result`);
    process.exit(1);
  }
  console.log(`${manifestPath} is up to date`);
} else {
  await writeFile(manifestPath, text);
  console.log(`wrote ${manifestPath}`);
}
