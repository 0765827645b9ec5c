// MCP prompts offered as skills, against the official reference server (server-everything has
// prompts): they join the skill catalog as mcp__<server>__<prompt>, and load_skill fetches one with
// prompts/get, its args as the prompt's arguments (a JSON object, or the value of its one required
// argument), refusing what does not fit before anything is sent.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseMcpConfig } from "../../src/mcp/config";
import { McpManager, type McpConnectResult } from "../../src/mcp/manager";
import { createSkillTools, skillsPromptSection, type SkillCatalog } from "../../src/tools/skills";
import { startEverything, type EverythingServer } from "../support/mcp-everything";
import { recordingFetch } from "../support/mcp-fetch-log";
import { runTool } from "../support/mcp-run-tool";

let everything: EverythingServer;
let manager: McpManager;
let connected: McpConnectResult;
const requests = recordingFetch();
const catalog: SkillCatalog = { skills: [{ name: "knowledge-compiler", description: "Compile notes", tags: [], files: [] }] };
const source = {
  read: async (path: string) =>
    path === "knowledge-compiler/SKILL.md" ? "---\nname: knowledge-compiler\ndescription: Compile notes\n---\nCompile $ARGUMENTS." : null,
};
const skillTools = () => createSkillTools(catalog, source, {}, connected.skills);
const loadSkill = async (name: string, args?: string) => (await runTool(skillTools(), "load_skill", { name, ...(args !== undefined && { args }) })).result;
const promptGets = () => requests.log.filter((r) => r.rpc === "prompts/get");

beforeAll(async () => {
  everything = await startEverything("streamableHttp");
  manager = new McpManager(parseMcpConfig({ mcpServers: { everything: { url: everything.url } } }), { fetch: requests.fetch });
  connected = await manager.connectAll();
});

afterAll(async () => {
  await manager?.close();
  await everything?.stop();
});

describe("MCP prompts as skills", () => {
  it("leaves out the prompts a server's allowTools / denyTools patterns leave out", async () => {
    const skillNames = async (filter: Record<string, string[]>) => {
      const filtered = new McpManager(parseMcpConfig({ mcpServers: { everything: { url: everything.url, ...filter } } }));
      try {
        return (await filtered.connectAll()).skills.map((s) => s.name);
      } finally {
        await filtered.close();
      }
    };
    const denied = await skillNames({ denyTools: ["args-*"] });
    expect(denied).toContain("mcp__everything__simple-prompt");
    expect(denied).not.toContain("mcp__everything__args-prompt");
    expect(await skillNames({ allowTools: ["simple-*", "echo"] })).toEqual(["mcp__everything__simple-prompt"]);
  });

  it("lists each prompt in the skill catalog as mcp__<server>__<prompt>, with its arguments", () => {
    const names = connected.skills.map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(["mcp__everything__simple-prompt", "mcp__everything__args-prompt", "mcp__everything__resource-prompt"]));
    const section = skillsPromptSection(catalog, connected.skills);
    expect(section).toContain("- knowledge-compiler: Compile notes");
    expect(section).toMatch(
      /- mcp__everything__args-prompt: A prompt with two arguments.*MCP server everything; args: city \(required\): Name of the city; state\)/,
    );
  });

  it("loads a prompt without arguments with prompts/get; file skills still load", async () => {
    const sent = promptGets().length;
    expect(await loadSkill("mcp__everything__simple-prompt")).toMatchObject({ status: "success", content: "This is a simple prompt without arguments." });
    expect(promptGets()).toHaveLength(sent + 1);
    expect(await loadSkill("knowledge-compiler", "my notes")).toMatchObject({ status: "success", content: "Compile my notes." });
  });

  it("passes args as the prompt's arguments: a JSON object, or the value of its one required argument", async () => {
    expect(await loadSkill("mcp__everything__args-prompt", '{"city": "Lyon", "state": "Rhône"}')).toMatchObject({
      status: "success",
      content: "What's weather in Lyon, Rhône?",
    });
    expect(await loadSkill("mcp__everything__args-prompt", "Oslo")).toMatchObject({ status: "success", content: "What's weather in Oslo?" });
  });

  it("includes an embedded resource's text", async () => {
    const result = await loadSkill("mcp__everything__resource-prompt", '{"resourceType": "Text", "resourceId": "1"}');
    expect(result.status).toBe("success");
    expect(result.content).toMatch(/\[resource [^\]]+\]\n/);
  });

  it("refuses missing, unknown or unreadable arguments before sending, and reports the server's own refusal", async () => {
    const sent = promptGets().length;
    expect(await loadSkill("mcp__everything__args-prompt")).toMatchObject({ status: "error", content: expect.stringMatching(/needs city/) });
    expect(await loadSkill("mcp__everything__args-prompt", '{"town": "Oslo"}')).toMatchObject({
      status: "error",
      content: expect.stringMatching(/no argument town/),
    });
    expect(await loadSkill("mcp__everything__args-prompt", "{not json")).toMatchObject({ status: "error", content: expect.stringMatching(/not valid JSON/) });
    expect(await loadSkill("mcp__everything__resource-prompt", "Text")).toMatchObject({ status: "error", content: expect.stringMatching(/JSON object/) });
    expect(promptGets()).toHaveLength(sent);
    const refused = await loadSkill("mcp__everything__resource-prompt", '{"resourceType": "Text", "resourceId": "-4"}');
    expect(refused).toMatchObject({ status: "error", content: expect.stringMatching(/could not give prompt resource-prompt: .*Invalid resourceId/) });
  });

  it("names unknown skills with the prompts among the ones that exist", async () => {
    expect(await loadSkill("mcp__everything__nope")).toMatchObject({
      status: "error",
      content: expect.stringMatching(/Skills that exist: knowledge-compiler, mcp__everything__/),
    });
  });
});
