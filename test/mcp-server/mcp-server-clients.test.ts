// Real MCP hosts against /mcp under wrangler dev, with an API token: the MCP Inspector CLI lists the
// tools and calls `study`; Claude Desktop's own configuration (the JSON in docs/mcp-server.md, run the way
// Claude Desktop runs it: spawn `command` with `args` and `env`, speak MCP on its stdio) reaches the
// server through mcp-remote. Without the token the server refuses them.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PageServer } from "../support/page-server";
import type { ScriptedModel } from "../support/scripted-model";
import { studyReplies } from "../support/study-script";
import { startStudyWorker, type StudyWorker } from "../support/study-worker";
import type { WranglerDev } from "../support/wrangler-dev";
import { ROOT } from "../support/paths";
import { STUDY_TOOL_NAMES } from "../support/study-tools";

const root = ROOT;
const TOKEN = "mcp-clients-test-token";
const NODE22 = join(root, "node_modules/.bin/node");

let study: StudyWorker;
let model: ScriptedModel;
let web: PageServer;
let worker: WranglerDev | undefined;

/** Runs the Inspector CLI (it needs Node 22, which the project ships) and parses its JSON answer. */
async function inspector(...args: string[]): Promise<Record<string, unknown>> {
  const { stdout } = await promisify(execFile)(
    NODE22,
    [join(root, "node_modules/.bin/mcp-inspector"), "--cli", `${worker!.url}/mcp`, "--transport", "http", ...args],
    {
      cwd: root,
      timeout: 60_000,
    },
  );
  return JSON.parse(stdout) as Record<string, unknown>;
}

/** The Claude Desktop config block of docs/mcp-server.md, for this server and token. */
function claudeDesktopConfig(): { mcpServers: Record<string, { command: string; args: string[]; env: Record<string, string> }> } {
  const doc = readFileSync(join(root, "docs/mcp-server.md"), "utf8");
  const block = /### Claude Desktop[\s\S]*?```json\n([\s\S]*?)```/.exec(doc)![1]!;
  const config = JSON.parse(block.replace("https://study-agent-edge.<you>.workers.dev", worker!.url).replace("Bearer sk-…", `Bearer ${TOKEN}`));
  // A local server over plain HTTP, as the docs say.
  const server = config.mcpServers["study-agent"];
  server.args.splice(server.args.indexOf(`${worker!.url}/mcp`) + 1, 0, "--allow-http");
  return config;
}

describe("MCP hosts against /mcp", () => {
  beforeAll(async () => {
    study = await startStudyWorker({ API_TOKEN: TOKEN });
    ({ model, web, worker } = study);
  }, 120_000);
  afterAll(() => study?.stop());

  it("the Inspector CLI lists the tools and calls study", { timeout: 90_000 }, async () => {
    const auth = ["--header", `Authorization: Bearer ${TOKEN}`];
    const listed = (await inspector("--method", "tools/list", ...auth)) as { tools: { name: string }[] };
    expect(listed.tools.map((t) => t.name).sort()).toEqual(STUDY_TOOL_NAMES);

    const marker = model.script("inspector-study", studyReplies(web.origin, "inspector-lesson"));
    const called = (await inspector("--method", "tools/call", "--tool-name", "study", "--tool-arg", `topic=${marker} derivatives`, ...auth)) as CallToolResult;
    expect(called.isError).toBeFalsy();
    expect(JSON.stringify(called.content)).toContain(`${worker!.url}/v1/lessons/inspector-lesson.md`);
    expect(called.structuredContent).toMatchObject({ status: "completed", lessons: [{ key: "inspector-lesson.md" }] });

    await expect(inspector("--method", "tools/list")).rejects.toThrow();
  });

  it("Claude Desktop's config reaches the server through mcp-remote", { timeout: 90_000 }, async () => {
    const { command, args, env } = claudeDesktopConfig().mcpServers["study-agent"]!;
    expect(command).toBe("npx");
    const client = new Client({ name: "claude-desktop-config-test", version: "1.0.0" });
    // As Claude Desktop does: the command with its args, its env over the user's, MCP on stdio.
    await client.connect(new StdioClientTransport({ command, args, env: { ...(process.env as Record<string, string>), ...env }, cwd: root, stderr: "pipe" }));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain("study");
      const lessons = (await client.callTool({ name: "list_lessons", arguments: {} })) as CallToolResult;
      expect(lessons.isError).toBeFalsy();
      const { prompts } = await client.listPrompts();
      expect(prompts.map((p) => p.name)).toContain("knowledge-compiler");
    } finally {
      await client.close();
    }
  });
});
