// A SkillSource over a skills folder on disk, for Node tests (the Worker reads through ASSETS).
import { readFile } from "node:fs/promises";
import { relative, resolve, sep } from "node:path";
import type { SkillSource } from "../../src/tools/skills";

export const SKILLS_DIR = resolve(import.meta.dirname, "../../skills");

export function fsSkillSource(root = SKILLS_DIR): SkillSource & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    async read(path) {
      reads.push(path);
      const file = resolve(root, path);
      const rel = relative(root, file);
      if (rel.startsWith("..") || rel.split(sep).includes("..")) return null;
      try {
        return await readFile(file, "utf8");
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw e;
      }
    },
  };
}
