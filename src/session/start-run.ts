// The one path every channel takes to run the agent: HTTP, the OpenAI-compatible endpoint, Telegram,
// Slack, cron courses and the web page all call startRun and consume the same events.
import type { Env } from "../env";
import { notFound } from "../lib/http-error";

export { ParadigmSchema } from "../agent";
import type { RunOptions } from "./session-store";
import type { RunView } from "./session-object";

export interface RunHandle {
  runId: string;
  /** The run's events (NDJSON, see stream-events.ts) after trace seq `after`, then live. */
  events(after?: number): Promise<ReadableStream<Uint8Array>>;
  /** Resolves when the run ends or waits for approval. */
  result(): Promise<RunView>;
}

export function sessionStub(env: Env, sessionId: string) {
  return env.SESSIONS.get(env.SESSIONS.idFromName(sessionId));
}

export async function startRun(env: Env, sessionId: string, input: string, options: RunOptions): Promise<RunHandle> {
  const stub = sessionStub(env, sessionId);
  const started = await stub.startRun(sessionId, input, options);
  // Another tenant's session is as good as absent, and cannot be created under the same id.
  if (!started) throw notFound(`session ${sessionId}`);
  const { runId } = started;
  return {
    runId,
    events: async (after = 0) => (await stub.streamRun(runId, after))!,
    result: async () => (await stub.waitRun(runId))!,
  };
}
