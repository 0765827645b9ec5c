// The openai client as the Worker bundles it (resources and stream helpers stubbed, function names not
// kept: wrangler.toml) still drives both model APIs under `wrangler dev`, streamed and not, and names
// itself to the model as the SDK does. Chat Completions runs in production-runtime.test.ts; this is the
// Responses API (MODEL_API=responses), whose `create({ stream: true })` must not need the stubbed ResponseStream.
import { VERSION } from "openai/version";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ScriptedModel } from "../support/scripted-model";
import { parseSse } from "../support/sse-text";
import { startWranglerDev, type WranglerDev } from "../support/wrangler-dev";

const model = new ScriptedModel();
let worker: WranglerDev;

beforeAll(async () => {
  await model.listen();
  worker = await startWranglerDev({ vars: { ...model.workerVars, MODEL_API: "responses" } });
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await model.close();
});

const run = (session: string, body: Record<string, unknown>) =>
  fetch(`${worker.url}/v1/sessions/${session}/runs`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

it("runs a tool loop over the Responses API, streamed and then not", async () => {
  const marker = model.script("bundled-responses", [
    { toolCalls: [{ name: "calculate", args: { expression: "6*7" } }] },
    { text: "6*7 is 42." },
    { text: "Half of it is 21." },
  ]);
  const events = parseSse(await (await run("bundled-responses", { input: `${marker} What is 6*7?`, stream: true })).text());
  expect(events.filter((e) => e.event === "tool.finished").map((e) => e.data)).toMatchObject([{ name: "calculate", status: "success" }]);
  expect(events.at(-1)).toMatchObject({ event: "run.completed", data: { status: "completed", output: "6*7 is 42.", steps: 2 } });
  const second = (await (await run("bundled-responses", { input: "And half of that?" })).json()) as Record<string, unknown>;
  expect(second).toMatchObject({ status: "completed", output: "Half of it is 21." });

  const requests = model.requests("bundled-responses");
  expect(requests.map((r) => r.stream)).toEqual([true, true, false]);
  for (const r of requests) expect(r.headers["user-agent"]).toBe(`OpenAI/JS ${VERSION}`);
});
