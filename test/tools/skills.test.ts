import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { Tool } from "../../src/agent/tools";
import {
  LOADED_SKILLS_KEY,
  type LoadedSkill,
  assetsSkillSource,
  createSkillTools,
  loadSkillCatalog,
  skillSettings,
  skillsPromptSection,
} from "../../src/tools/skills";
import { SKILLS_DIR, fsSkillSource } from "../support/fs-skill-source";
import { callTool, toolContext } from "../support/run-tool";
import { VOCABULARIES } from "../../src/lessons/vocabulary";

const LANGUAGE_SHEETS = VOCABULARIES.map((v) => `languages/${v.language}.md`).sort();

async function setup() {
  const source = fsSkillSource();
  const catalog = await loadSkillCatalog(source);
  const [loadSkill, readResource] = createSkillTools(catalog, source) as [Tool, Tool];
  return { source, catalog, loadSkill, readResource };
}

describe("skill catalog", () => {
  it("lists the shipped skills from the manifest", async () => {
    const { catalog } = await setup();
    expect(catalog.skills.map((s) => s.name)).toEqual(["daily-lesson", "document-compiler", "exercise-generator", "knowledge-compiler"]);
    // The language sheets (one per vocabulary) and the lesson template.
    expect(catalog.skills.find((s) => s.name === "knowledge-compiler")?.files).toEqual([...LANGUAGE_SHEETS, "templates/lesson.md"]);
  });

  it("puts each skill's name and one-line description in the system prompt, and says to call load_skill", async () => {
    const { catalog } = await setup();
    const section = skillsPromptSection(catalog);
    for (const s of catalog.skills) expect(section).toContain(`- ${s.name}: ${s.description}`);
    expect(section).toContain("call load_skill");
    expect(skillsPromptSection({ skills: [] })).toBe("");
  });

  it("fails clearly without a manifest", async () => {
    await expect(loadSkillCatalog({ read: async () => null })).rejects.toThrow(/manifest\.json not found/);
  });
});

describe("load_skill", () => {
  it("returns the body without front matter, lists its resources, and records it in runState", async () => {
    const { loadSkill } = await setup();
    const ctx = toolContext();
    const result = await callTool(loadSkill, { name: "knowledge-compiler" }, ctx);
    expect(result.status).toBe("success");
    expect(result.content).toMatch(/^# Knowledge compiler/);
    expect(result.content).not.toContain("description:");
    expect(result.content).toContain(`Resources of this skill (read with read_skill_resource): ${[...LANGUAGE_SHEETS, "templates/lesson.md"].join(", ")}`);
    const loaded = ctx.runState.get(LOADED_SKILLS_KEY) as Map<string, LoadedSkill>;
    expect(loaded.get("knowledge-compiler")).toEqual({ name: "knowledge-compiler", content: result.content });
  });

  it("replaces $ARGUMENTS with the args, literally", async () => {
    const { loadSkill } = await setup();
    const args = "topic: calculus; lessons so far: 1-4 (last: chain rule); price $& $1";
    const result = await callTool(loadSkill, { name: "daily-lesson", args });
    expect(result.content).toContain(`## Course context\n\n${args}\n`);
    expect(result.content).not.toContain("$ARGUMENTS");
  });

  it("fills configured placeholders ($LESSON_CHAPTER_WORDS) in the instructions", async () => {
    const catalog = await loadSkillCatalog(fsSkillSource());
    const [loadSkill] = createSkillTools(catalog, fsSkillSource(), skillSettings({ LESSON_CHAPTER_WORDS: 900 }));
    const result = await callTool(loadSkill!, { name: "knowledge-compiler" });
    expect(result.content).toContain("About 900 words from the chapter heading to its Exercises");
    expect(result.content).not.toContain("$LESSON_CHAPTER_WORDS");
  });

  it("says so when no args were given", async () => {
    const { loadSkill } = await setup();
    expect((await callTool(loadSkill, { name: "daily-lesson" })).content).toContain("## Course context\n\n(none given)\n");
  });

  it("answers an unknown name with the skills that exist", async () => {
    const { loadSkill } = await setup();
    const result = await callTool(loadSkill, { name: "calculus" });
    expect(result.status).toBe("error");
    expect(result.content).toBe('No skill named "calculus". Skills that exist: daily-lesson, document-compiler, exercise-generator, knowledge-compiler.');
  });
});

describe("read_skill_resource", () => {
  it("returns a listed sub-file", async () => {
    const { readResource } = await setup();
    const result = await callTool(readResource, { name: "knowledge-compiler", path: "templates/lesson.md" });
    expect(result.status).toBe("success");
    expect(result.content).toBe(await readFile(join(SKILLS_DIR, "knowledge-compiler/templates/lesson.md"), "utf8"));
  });

  it.each([
    "../daily-lesson/SKILL.md",
    "templates/../../manifest.json",
    "/etc/passwd",
    "templates\\lesson.md",
    "%2e%2e/manifest.json",
    "templates/%2e%2e/SKILL.md",
    "./templates/lesson.md",
    "templates/lesson.md\u0000.txt",
  ])("refuses the escape %j without touching the source", async (path) => {
    const { readResource, source } = await setup();
    const result = await callTool(readResource, { name: "knowledge-compiler", path });
    expect(result.status).toBe("error");
    expect(result.content).toContain("templates/lesson.md");
    expect(source.reads.filter((p) => p !== "manifest.json")).toEqual([]);
  });

  it("refuses files the manifest does not list, naming those it does", async () => {
    const { readResource } = await setup();
    for (const path of ["SKILL.md", "templates/missing.md"]) {
      const result = await callTool(readResource, { name: "knowledge-compiler", path });
      expect(result).toMatchObject({
        status: "error",
        content: `Skill "knowledge-compiler" has no resource "${path}". Its resources: ${[...LANGUAGE_SHEETS, "templates/lesson.md"].join(", ")}.`,
      });
    }
    expect((await callTool(readResource, { name: "daily-lesson", path: "x.md" })).content).toContain("(this skill has no resources)");
  });
});

describe("assetsSkillSource", () => {
  /** A fetcher like the ASSETS binding, serving the skills folder at /skills/. */
  function assets() {
    const requested: string[] = [];
    return {
      requested,
      async fetch(req: Request | string) {
        const url = new URL(typeof req === "string" ? req : req.url);
        requested.push(url.href);
        if (url.pathname === "/skills/broken.md") return new Response("oops", { status: 500 });
        const text = await readFile(join(SKILLS_DIR, decodeURIComponent(url.pathname.replace(/^\/skills\//, ""))), "utf8").catch(() => null);
        return text === null ? new Response("not found", { status: 404 }) : new Response(text);
      },
    };
  }

  it("reads the catalog and skills through the binding", async () => {
    const binding = assets();
    const source = assetsSkillSource(binding);
    const catalog = await loadSkillCatalog(source);
    const [loadSkill] = createSkillTools(catalog, source) as [Tool];
    expect((await callTool(loadSkill, { name: "exercise-generator" })).content).toMatch(/^# Exercise generator/);
    expect(binding.requested).toEqual(["https://assets.local/skills/manifest.json", "https://assets.local/skills/exercise-generator/SKILL.md"]);
  });

  it("accepts the Worker's ASSETS binding", () => {
    expectTypeOf<Fetcher>().toExtend<Parameters<typeof assetsSkillSource>[0]>();
  });

  it("answers null for 404, throws for other failures, and never requests an unsafe path", async () => {
    const binding = assets();
    const source = assetsSkillSource(binding, "https://assets.local/skills");
    expect(await source.read("nope/SKILL.md")).toBeNull();
    await expect(source.read("broken.md")).rejects.toThrow(/HTTP 500/);
    expect(await source.read("../wrangler.toml")).toBeNull();
    expect(binding.requested).toEqual(["https://assets.local/skills/nope/SKILL.md", "https://assets.local/skills/broken.md"]);
  });
});
