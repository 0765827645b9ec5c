// The clients that ask for structured output get their object back: the AI SDK's generateObject and
// generateText with Output.object over Chat Completions (@ai-sdk/openai .chat, @ai-sdk/openai-compatible) and
// the Responses API (@ai-sdk/openai), and LangChain's withStructuredOutput. Each goes through the Worker to
// the scripted model, whose last call is asked for the schema the client sent.
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { ChatOpenAI } from "@langchain/openai";
import { generateObject, generateText, Output, type LanguageModel } from "ai";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { requests, script } from "../../support/model-control";
import { BASE, uniqueId, workerFetch } from "../../support/worker-http";

const Plan = z.object({ topic: z.string(), minutes: z.number().int() });
const plan = { topic: "limits", minutes: 25 };

const openai = createOpenAI({ baseURL: `${BASE}/v1`, apiKey: "unused", fetch: workerFetch });
const compatible = createOpenAICompatible({ name: "study", baseURL: `${BASE}/v1`, apiKey: "unused", fetch: workerFetch, supportsStructuredOutputs: true });

const models: Array<{ name: string; model: () => LanguageModel }> = [
  { name: "@ai-sdk/openai .chat (Chat Completions)", model: () => openai.chat("study-agent") },
  { name: "@ai-sdk/openai-compatible (Chat Completions)", model: () => compatible.chatModel("study-agent") },
  { name: "@ai-sdk/openai (Responses API)", model: () => openai("study-agent") },
];

/** The schema the agent's last model call was asked for (the agent's own model speaks Chat Completions here). */
async function lastSchema(key: string): Promise<unknown> {
  const body = (await requests(key)).requests.at(-1)!.body;
  return (body.response_format as { json_schema?: { schema?: unknown } })?.json_schema?.schema;
}

/** A script where the agent answers in prose, then writes the plan as JSON when asked for the format. */
async function planScript() {
  const key = uniqueId("k");
  const marker = await script(key, [{ text: "Spend 25 minutes on limits." }, { text: JSON.stringify(plan) }]);
  return { key, prompt: `${marker} Plan my study session.` };
}

describe("the AI SDK's structured output", () => {
  for (const m of models) {
    it(`generateObject with ${m.name} returns the object`, async () => {
      const { key, prompt } = await planScript();
      const { object } = await generateObject({ model: m.model(), schema: Plan, prompt, maxRetries: 0 });
      expect(object).toEqual(plan);
      expect(await lastSchema(key)).toMatchObject({ type: "object", properties: { topic: { type: "string" } } });
    });

    it(`generateText with Output.object and ${m.name} returns the object`, async () => {
      const { prompt } = await planScript();
      const { output } = await generateText({ model: m.model(), output: Output.object({ schema: Plan }), prompt, maxRetries: 0 });
      expect(output).toEqual(plan);
    });
  }
});

describe("LangChain's structured output", () => {
  it("ChatOpenAI.withStructuredOutput returns the object (Chat Completions, and the Responses API)", async () => {
    for (const useResponsesApi of [false, true]) {
      const { key, prompt } = await planScript();
      const llm = new ChatOpenAI({
        model: "study-agent",
        apiKey: "unused",
        maxRetries: 0,
        useResponsesApi,
        configuration: { baseURL: `${BASE}/v1`, fetch: workerFetch },
      });
      expect(await llm.withStructuredOutput(Plan, { name: "study_plan" }).invoke(prompt)).toEqual(plan);
      expect((await requests(key)).requests.at(-1)!.body.response_format).toMatchObject({ type: "json_schema", json_schema: { name: "study_plan" } });
    }
  });
});
