// Real clients retry a failed request on their own: the AI SDK (@ai-sdk/openai-compatible, @ai-sdk/openai
// .chat()) and LangChain's ChatOpenAI. Against the Worker under wrangler dev and a model that keeps
// failing, each of their requests must run the agent exactly once, however often they retry: the
// retries are recognized and answered with the first run's outcome.
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { ChatOpenAI } from "@langchain/openai";
import { generateText } from "ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ScriptedModel } from "../support/scripted-model";
import { startWranglerDev, type WranglerDev } from "../support/wrangler-dev";

const model = new ScriptedModel();
let worker: WranglerDev;

beforeAll(async () => {
  await model.listen();
  // One model call per run (no retries of ours), so the model's request count is the number of runs.
  worker = await startWranglerDev({ vars: { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: model.baseURL, MODEL: "scripted-model", MODEL_MAX_RETRIES: "0" } });
}, 120_000);

afterAll(async () => {
  await Promise.all([worker?.stop(), model.close()]);
});

/** A fetch that counts the HTTP attempts a client makes. */
function countingFetch(): { fetch: typeof fetch; attempts: () => number } {
  let n = 0;
  return {
    fetch: (input, init) => {
      n++;
      return fetch(input, init);
    },
    attempts: () => n,
  };
}

/** A script whose every model call fails with a server error. */
const failingModel = (key: string) =>
  model.script(
    key,
    Array.from({ length: 20 }, () => ({ status: 500 })),
  );

interface Client {
  name: string;
  ask(prompt: string, fetch: typeof globalThis.fetch, headers: Record<string, string>): Promise<unknown>;
}

const clients: Client[] = [
  {
    name: "@ai-sdk/openai-compatible",
    ask: (prompt, fetch, headers) =>
      generateText({
        model: createOpenAICompatible({ name: "study", baseURL: `${worker.url}/v1`, apiKey: "unused", fetch, headers }).chatModel("study-agent"),
        prompt,
      }),
  },
  {
    name: "@ai-sdk/openai .chat()",
    ask: (prompt, fetch, headers) =>
      generateText({ model: createOpenAI({ baseURL: `${worker.url}/v1`, apiKey: "unused", fetch, headers }).chat("study-agent"), prompt }),
  },
  {
    // Its default is 6 retries over about a minute; 3 keeps the test short and still retries.
    name: "@langchain/openai ChatOpenAI",
    ask: (prompt, fetch, headers) =>
      new ChatOpenAI({
        model: "study-agent",
        apiKey: "unused",
        maxRetries: 3,
        configuration: { baseURL: `${worker.url}/v1`, fetch, defaultHeaders: headers },
      }).invoke(prompt),
  },
];

describe("a client's automatic retries run the agent once", () => {
  it("stateless and in a session, for every client: many attempts, one run", { timeout: 90_000 }, async () => {
    const cases = clients.flatMap((client) =>
      ([{}, { "x-session-id": `retry-${client.name.replace(/[^a-z]/g, "")}-${Date.now()}` }] as Array<Record<string, string>>).map((headers) => ({
        client,
        headers,
      })),
    );
    const results = await Promise.all(
      cases.map(async ({ client, headers }, i) => {
        const key = `client-retry-${i}`;
        const marker = failingModel(key);
        const counter = countingFetch();
        const error = await client.ask(`${marker} What is a derivative?`, counter.fetch, headers).then(
          () => undefined,
          (e: unknown) => e,
        );
        return {
          name: `${client.name}${"x-session-id" in headers ? " (session)" : ""}`,
          error,
          attempts: counter.attempts(),
          runs: model.requests(key).length,
        };
      }),
    );
    for (const r of results) {
      expect(r.error, r.name).toBeInstanceOf(Error);
      expect(r.attempts, `${r.name} retried`).toBeGreaterThan(1);
      expect(r.runs, `${r.name}: runs`).toBe(1);
    }
    console.log(`retries: ${results.map((r) => `${r.name} ${r.attempts} attempts → ${r.runs} run`).join("; ")}`);
  });
});
