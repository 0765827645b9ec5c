// A run against an MCP server with 300 tools, end to end: the Worker under `wrangler dev`, a real MCP
// server (test/support/mcp-test-server.ts) and the scripted model over the real `openai` client. Past
// TOOLS_INLINE_MAX the MCP tools are deferred: no model request carries more than 128 tools (the
// scripted model's log), the model finds tool 217 with tool_search, gets its schema in the next step,
// and calls it on the server.
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestMcpServer, type TestMcpServer } from "../support/mcp-test-server";
import { ScriptedModel } from "../support/scripted-model";
import { parseSse } from "../support/sse-text";
import { startWranglerDev, type WranglerDev } from "../support/wrangler-dev";

const TOOL_COUNT = 300;
const model = new ScriptedModel();
let server: TestMcpServer;
let worker: WranglerDev;
const calls: Record<string, unknown>[] = [];

beforeAll(async () => {
  const tools = Array.from({ length: TOOL_COUNT }, (_, i) => ({
    name: `station_${i}`,
    description: `Reads the weather station number ${i}: temperature and wind.\nSecond line the search answer leaves out.`,
    inputSchema: { type: "object" as const, properties: { unit: { type: "string", enum: ["C", "F"] } }, required: ["unit"] },
    annotations: { readOnlyHint: true },
    handler: (args: Record<string, unknown>) => {
      calls.push({ tool: i, ...args });
      return { content: [{ type: "text" as const, text: `station ${i}: 21 ${String(args.unit)}` }] };
    },
  }));
  [server] = await Promise.all([startTestMcpServer({ tools, pageSize: 100 }), model.listen()]);
  worker = await startWranglerDev({ vars: { ...model.workerVars, MCP_SERVERS: JSON.stringify({ mcpServers: { weather: { url: server.url } } }) } });
}, 120_000);

afterAll(async () => {
  await Promise.all([worker?.stop(), server?.close(), model.close()]);
});

it("defers 300 MCP tools behind tool_search; the model finds and calls tool 217", { timeout: 60_000 }, async () => {
  const target = "mcp__weather__station_217";
  const marker = model.script("tool-search-300", [
    { toolCalls: [{ name: "tool_search", args: { query: "weather station 217" } }] },
    { toolCalls: [{ name: target, args: { unit: "C" } }] },
    { text: "Station 217 reads 21 °C." },
  ]);
  const res = await fetch(`${worker.url}/v1/sessions/tool-search-300/runs`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ input: `${marker} What does station 217 read?`, stream: true }),
  });
  const events = parseSse(await res.text());
  expect(events.at(-1)).toMatchObject({ event: "run.completed", data: { status: "completed", output: "Station 217 reads 21 °C." } });

  const requests = model.requests("tool-search-300");
  expect(requests).toHaveLength(3);
  const offered = requests.map((r) => (r.tools ?? []).map((t) => t.function.name));
  for (const names of offered) expect(names.length).toBeLessThanOrEqual(128);
  // First step: built-ins and skills inline, tool_search, no MCP tool.
  expect(offered[0]).toContain("tool_search");
  expect(offered[0]).toContain("web_search");
  expect(offered[0]!.filter((n) => n.startsWith("mcp__"))).toEqual([]);
  // The search answered the tool's name with its first line only.
  const searched = events.find((e) => e.event === "tool.finished" && e.data.name === "tool_search");
  expect(searched?.data.output).toContain(`- ${target}: Reads the weather station number 217: temperature and wind.`);
  expect(searched?.data.output).not.toContain("Second line");
  // Second step: its schema is offered; the call reached the server with the model's arguments.
  const second = requests[1]!.tools!.find((t) => t.function.name === target);
  expect(second?.function.parameters).toMatchObject({ required: ["unit"] });
  expect(calls).toEqual([{ tool: 217, unit: "C" }]);
  expect(events.find((e) => e.event === "tool.finished" && e.data.name === target)?.data).toMatchObject({ status: "success", output: "station 217: 21 C" });
});
