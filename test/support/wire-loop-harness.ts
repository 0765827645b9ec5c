// Runs the real agent loop against the HTTP scripted model (scripted-model.ts) through the real `openai`
// client: for the provider tests, which test the wire (retries, dialects, the Responses API). The core's
// own tests use the in-memory LoopHarness (loop-harness.ts).
import { createOpenAIModel } from "../../src/agent/providers/openai";
import { nextKey, runScriptedLoop, type LoopRun, type LoopRunOptions } from "./loop-harness";
import { ScriptedModel, type Reply } from "./scripted-model";

export class WireLoopHarness {
  readonly model = new ScriptedModel();

  async start(): Promise<this> {
    await this.model.listen();
    return this;
  }

  stop(): Promise<void> {
    return this.model.close();
  }

  client(opts: { maxRetries?: number; timeoutMs?: number } = {}) {
    return createOpenAIModel({
      apiKey: "sk-test",
      baseURL: this.model.baseURL,
      model: "scripted-model",
      timeoutMs: opts.timeoutMs ?? 10_000,
      maxRetries: opts.maxRetries ?? 0,
    });
  }

  /** Registers a fresh script and runs the loop on `input` with it, over the wire. */
  run(replies: Reply[], opts: LoopRunOptions & { maxRetries?: number; timeoutMs?: number } = {}): Promise<LoopRun> {
    const { maxRetries, timeoutMs, ...rest } = opts;
    const key = opts.key ?? nextKey("wire");
    return runScriptedLoop(this.model.script(key, replies), key, this.client({ maxRetries, timeoutMs }), rest);
  }
}
