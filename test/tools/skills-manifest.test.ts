import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REQUIRED_HEADINGS, validateLesson } from "../../src/lessons/validator";
import { VOCABULARIES } from "../../src/lessons/vocabulary";
import { docTable } from "../support/vocabulary-tables";
import { parseSkillFile } from "../../src/tools/skill-format";
import { SKILLS_DIR } from "../support/fs-skill-source";
import { ROOT } from "../support/paths";

// The project's pinned Node: the script imports TypeScript, which needs Node >= 22.18.
const NODE = join(ROOT, "node_modules/.bin/node");
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");

/** Runs the script; its exit status and stderr. (Async, so the tests below can run side by side.) */
function buildManifest(...args: string[]): Promise<{ status: number; stderr: string }> {
  return new Promise((done) => {
    execFile(NODE, [join(ROOT, "scripts/build-skills-manifest.mjs"), ...args], (error, _stdout, stderr) => {
      done({ status: error ? Number(error.code ?? 1) : 0, stderr });
    });
  });
}

describe.concurrent("skills/manifest.json", () => {
  const tmp = mkdtempSync(join(tmpdir(), "skills-"));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it("is up to date with the skills' front matter (run scripts/build-skills-manifest.mjs if this fails)", async () => {
    const run = await buildManifest("--check");
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });

  it("the check notices a stale manifest, and the script rebuilds it", async () => {
    const dir = join(tmp, "stale");
    cpSync(SKILLS_DIR, dir, { recursive: true });
    const skill = join(dir, "daily-lesson/SKILL.md");
    writeFileSync(skill, readFileSync(skill, "utf8").replace(/^description: .*$/m, "description: Something else"));
    writeFileSync(join(dir, "daily-lesson/notes.md"), "a new sub-file\n");

    const stale = await buildManifest("--check", "--dir", dir);
    expect(stale.status).toBe(1);
    expect(stale.stderr).toContain("is stale");

    expect((await buildManifest("--dir", dir)).status).toBe(0);
    const daily = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")).skills.find((s: { name: string }) => s.name === "daily-lesson");
    expect(daily).toEqual({ name: "daily-lesson", description: "Something else", tags: ["study", "course", "schedule"], files: ["notes.md"] });
  });

  it("refuses a skill whose name differs from its folder", async () => {
    const dir = join(tmp, "renamed");
    cpSync(SKILLS_DIR, dir, { recursive: true });
    cpSync(join(dir, "daily-lesson"), join(dir, "daily-lessons"), { recursive: true });
    const run = await buildManifest("--dir", dir);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('skills/daily-lessons/SKILL.md: name "daily-lesson" must equal its folder name');
  });
});

describe("SKILL.md front matter", () => {
  const skill = (frontMatter: string, body = "# Body\n") => `---\n${frontMatter}\n---\n${body}`;

  it("reads name, description and tags (flow or block list), and the body after it", () => {
    expect(parseSkillFile(skill("name: a-b\ndescription: Does things.\ntags: [x, 'y z']", "\n# Body\ntext\n"))).toEqual({
      frontMatter: { name: "a-b", description: "Does things.", tags: ["x", "y z"] },
      body: "# Body\ntext\n",
    });
    expect(parseSkillFile(skill('name: a\ndescription: "Quoted: with colon"\ntags:\n  - one\n  - two')).frontMatter).toEqual({
      name: "a",
      description: "Quoted: with colon",
      tags: ["one", "two"],
    });
    expect(parseSkillFile(skill("name: a\ndescription: d")).frontMatter.tags).toEqual([]);
  });

  it.each([
    ["no front matter", "# Just a body\n", /must start with/],
    ["unclosed", "---\nname: a\ndescription: d\n# Body\n", /no closing/],
    ["unknown key", skill("name: a\ndescription: d\nversion: 2"), /unknown front matter key "version"/],
    ["duplicate key", skill("name: a\nname: b\ndescription: d"), /appears twice/],
    ["missing description", skill("name: a"), /`description` is required/],
    ["bad name", skill("name: Knowledge_Compiler\ndescription: d"), /`name` is required/],
    ["multi-line description", skill("name: a\ndescription: >\n  folded"), /quote this value/],
    ["ambiguous plain value", skill("name: a\ndescription: Use when: studying"), /quote this value/],
    ["tags not a list", skill("name: a\ndescription: d\ntags: x, y"), /`tags` must be a list/],
  ])("refuses %s", (_, text, error) => {
    expect(() => parseSkillFile(text)).toThrow(error);
  });
});

describe("one source of truth for the lesson format", () => {
  const template = read("skills/knowledge-compiler/templates/lesson.md");
  const skills = ["knowledge-compiler", "exercise-generator", "document-compiler", "daily-lesson"].map((name) => read(`skills/${name}/SKILL.md`));

  it("the lesson template and the course book template pass the validator", () => {
    expect(validateLesson(template)).toEqual({ ok: true, findings: [] });
    expect(validateLesson(read("skills/document-compiler/templates/course-book.md"))).toEqual({ ok: true, findings: [] });
  });

  it("no skill sends the model to docs/ (it cannot read them)", () => {
    for (const skill of skills) expect(skill).not.toMatch(/docs\/|lesson-format\.md/);
  });

  it.each(VOCABULARIES.map((v) => [v.language, v] as const))("docs/lesson-format.md shows the %s table, every word of its vocabulary", (_, v) => {
    expect(read("docs/lesson-format.md")).toContain(docTable(v));
  });

  it("the study skills name every language's sheet", () => {
    for (const v of VOCABULARIES) expect(read("skills/knowledge-compiler/SKILL.md")).toContain(`\`${v.language}\``);
  });

  it.each(REQUIRED_HEADINGS)("%s is in docs/lesson-format.md, the template and the writing skills", (heading) => {
    expect(read("docs/lesson-format.md")).toContain(heading);
    expect(template).toContain(heading);
    expect(read("skills/knowledge-compiler/SKILL.md") + read("skills/exercise-generator/SKILL.md")).toContain(heading);
  });
});
