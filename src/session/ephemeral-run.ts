// A run in a throwaway session seeded with a conversation the caller holds itself (stateless requests
// to the OpenAI-compatible endpoint). It goes through startRun like every other run; dispose() stops
// it if it is still going and deletes the session, so nothing of the conversation stays behind.
import type { Message } from "../agent/messages";
import type { Env } from "../env";
import type { RunOptions } from "./session-store";
import { sessionStub, startRun, type RunHandle } from "./start-run";

export interface EphemeralRun extends RunHandle {
  sessionId: string;
  /** Cancels the run if it has not ended, waits for it, and deletes the session. */
  dispose(): Promise<void>;
}

export async function startEphemeralRun(env: Env, history: readonly Message[], input: string, options: RunOptions): Promise<EphemeralRun> {
  const sessionId = `ephemeral-${crypto.randomUUID()}`;
  const stub = sessionStub(env, sessionId);
  await stub.create(sessionId, { ephemeral: true }, history, options.tenant ?? null);
  const handle = await startRun(env, sessionId, input, options);
  return {
    ...handle,
    sessionId,
    async dispose() {
      // Cancelling an ended run changes nothing; deleting only after the run has ended keeps a late
      // write of the run from landing in the wiped storage.
      await stub.cancelRun(handle.runId);
      await handle.result();
      await stub.destroy();
    },
  };
}
