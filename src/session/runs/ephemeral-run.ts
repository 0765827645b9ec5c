// A run in a throwaway session seeded with a conversation the caller holds itself (stateless requests
// to the OpenAI-compatible endpoint). It goes through the session like every other run; dispose() stops
// it if it is still going and deletes the session, so nothing of the conversation stays behind — except
// while a repeat of the request may still come (request-dedupe.ts): then the session names the request
// (its Idempotency-Key, or its turns) and is deleted once the key expires; a retry while the run is still
// going finds it there and attaches to it.
import type { Message } from "../../agent";
import type { Env } from "../../env";
import { derivedId } from "../../lib/derived-ids";
import type { Outcome } from "../../lib/outcome";
import { sha256Hex } from "../../lib/sha256-hex";
import type { Tenant } from "../../lib/tenant";
import type { RunDedupe } from "./request-dedupe";
import { retryIdentity, type RunRequest } from "./retry-identity";
import { turnChain } from "./turn-fingerprint";
import type { RunOptions } from "./run-row";
import { runHandle, sessionStub, type RunHandle, type StartRefusal } from "./start-run";

export interface EphemeralRun extends RunHandle {
  sessionId: string;
  /** Cancels the run if it has not ended, waits for it, and deletes (or releases) the session. */
  dispose(): Promise<void>;
}

export async function startEphemeralRun(
  env: Env,
  history: readonly Message[],
  input: string,
  options: RunOptions,
  dedupe: RunDedupe = {},
): Promise<Outcome<EphemeralRun, StartRefusal["code"]>> {
  const sessionId = await ephemeralSessionId(options.tenant ?? null, history, { input, options }, dedupe);
  const stub = sessionStub(env, sessionId);
  const started = await stub.startStatelessRun(sessionId, history, input, options, dedupe);
  if (!started.ok) return started;
  const handle = runHandle(stub, started);
  return {
    ok: true,
    ...handle,
    sessionId,
    dispose: () => disposeStatelessRun(stub, handle.runId),
  };
}

/**
 * Ends a stateless session's run once its reply is written or abandoned, then deletes (or releases) the
 * session. Cancelling an ended run changes nothing; deleting only after the run has ended keeps a late
 * write of the run from landing in the wiped storage. A run waiting for the client's tool results is the
 * client's next request's to resume: it stays, and the session is kept until its calls are abandoned.
 */
export async function disposeStatelessRun(stub: ReturnType<typeof sessionStub>, runId: string): Promise<void> {
  if ((await stub.getRun(runId))?.status !== "awaiting_client_tools") await stub.cancelRun(runId);
  await stub.waitRun(runId);
  await stub.release(runId);
}

/**
 * A fresh id, or, when repeats are to be recognized, one that the same request (per tenant) maps to again:
 * its conversation by its turns (turn-fingerprint.ts), not by the ids and times a client's retry rebuilds,
 * and the rest by all that changes the run (retry-identity.ts): another photo or other tools is another request.
 */
async function ephemeralSessionId(tenant: Tenant, history: readonly Message[], request: RunRequest, dedupe: RunDedupe): Promise<string> {
  const turns = async () => (await turnChain(history)).at(-1) ?? null;
  const named = dedupe.idempotencyKey ? ["key", dedupe.idempotencyKey.key] : dedupe.detectRetry ? ["turns", await turns(), retryIdentity(request)] : undefined;
  if (!named) return derivedId("ephemeral", crypto.randomUUID());
  return derivedId("ephemeral", (await sha256Hex(JSON.stringify([tenant, ...named]))).slice(0, 32));
}
