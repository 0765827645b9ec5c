// Our harness core beside the peers of ../shared/peer-bench: the same scripted model, the same `add`
// tool (the harness's own `add`, which counts calls for its checks), the same prompt, driven through
// src/agent's runLoop exactly as the Session Durable Object drives it, minus storage. Bundled by
// bench/peer/build.mjs into fw/f-study-agent*.mjs of a temporary copy of peer-bench.
import { z } from "zod";
import type { SourcedEvent } from "../../src/agent/events";
import { runLoop } from "../../src/agent/loop";
import { userMessage, type Message } from "../../src/agent/messages";
import { createOpenAIModel } from "../../src/agent/providers/openai";
import { defineTool, ok, ToolRegistry } from "../../src/agent/tools";
import { add, API_KEY, BASE_URL, bench, MODEL, PROMPT, STEPS } from "./harness.mjs";

export async function benchOurs(stream: boolean): Promise<void> {
  const model = createOpenAIModel({ apiKey: API_KEY, baseURL: BASE_URL, model: MODEL, timeoutMs: 60_000, maxRetries: 2 });
  const tools = new ToolRegistry([
    defineTool({
      name: "add",
      description: "Add two numbers",
      input: z.object({ a: z.number(), b: z.number() }),
      run: (args) => ok(String(add(args))),
    }),
  ]);

  async function runOnce(): Promise<string> {
    // What a caller keeps: the stored conversation (onMessage) and every event (the SSE stream / trace).
    const history: Message[] = [userMessage(PROMPT)];
    const events: SourcedEvent[] = [];
    const result = await runLoop({
      runId: "bench-run",
      sessionId: "bench-session",
      model,
      system: "",
      tools,
      history: history.slice(),
      maxSteps: STEPS + 5,
      signal: new AbortController().signal,
      stream,
      emit: (e) => void events.push(e),
      onMessage: (m) => void history.push(m),
    });
    if (result.status !== "completed") throw new Error(`run ended ${result.status}: ${result.error?.message ?? ""}`);
    if (history.length !== 2 * STEPS + 2) throw new Error(`expected ${2 * STEPS + 2} messages, got ${history.length}`);
    return result.output;
  }

  await bench({
    framework: stream ? "f-study-agent-loop-stream" : "f-study-agent-loop",
    packages: ["openai", "zod"],
    runOnce,
    notes: "src/agent runLoop + createOpenAIModel + ToolRegistry (bundled with esbuild; openai and zod from peer-bench's node_modules)",
  });
}
