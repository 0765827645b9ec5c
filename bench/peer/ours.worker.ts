// Worker-style entry of our core for peer-bench's build-bundles.mjs, the twin of its
// workers/a-openai.worker.mjs: one agent turn per request, the `add` tool, the answer as the body.
// It measures what our harness core adds to a minimal bundle (the product's own bundle is measured
// from `wrangler deploy --dry-run` by bench/bundle.mjs).
import { z } from "zod";
import { runLoop } from "../../src/agent/loop";
import { userMessage, type Message } from "../../src/agent/messages";
import { createOpenAIModel } from "../../src/agent/providers/openai";
import { defineTool, ok, ToolRegistry } from "../../src/agent/tools";

const tools = new ToolRegistry([
  defineTool({
    name: "add",
    description: "Add two numbers",
    input: z.object({ a: z.number(), b: z.number() }),
    run: ({ a, b }) => ok(String(a + b)),
  }),
]);

export default {
  async fetch(request: Request, env: { OPENAI_BASE_URL: string; OPENAI_API_KEY: string }): Promise<Response> {
    const model = createOpenAIModel({ apiKey: env.OPENAI_API_KEY, baseURL: env.OPENAI_BASE_URL, model: "gpt-4o-mini", timeoutMs: 60_000, maxRetries: 2 });
    const history: Message[] = [userMessage("Call the add tool repeatedly until told you are done.")];
    const result = await runLoop({
      runId: "run",
      sessionId: "session",
      model,
      system: "",
      tools,
      history: history.slice(),
      maxSteps: 50,
      signal: request.signal,
      stream: false,
      emit: () => {},
      onMessage: (m) => void history.push(m),
    });
    return new Response(result.output, { status: result.status === "completed" ? 200 : 500 });
  },
};
