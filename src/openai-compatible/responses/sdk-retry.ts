// A stored response's request that the OpenAI SDKs (Stainless: openai-node, openai-python) mark as their retry.
// They send no Idempotency-Key, but X-Stainless-Retry-Count on every try, 1 or more only on a try after one that got
// no answer (it timed out, its connection dropped, or it got a 408/409/429/5xx). So a run of the same request that
// has completed meanwhile answered a try whose reply never reached the client: the retry gets that run back
// (RunDedupe.replayCompleted) instead of asking the question again, as a new conversation, or a second time in the
// one it continues. Only within the retry's window, the time the SDK's tries of one call can take: a run of the
// same request begun before that is another call's, and the retry is then started as any request without a key.
// The matching is the retry's as everywhere (request-dedupe.ts): the same tenant, the same body.
import type { Env } from "../../env";
import { sessionStub } from "../../session/runs/start-run";
import type { TurnRun } from "../turn-run";

/** The SDK's timeout when it sends none (openai-node and openai-python: 10 minutes), in seconds. */
const SDK_TIMEOUT_S = 600;
/** Per try, besides its timeout: X-Stainless-Timeout is whole seconds (+1), and the SDK waits at most 8 s before the next. */
const TRY_SLACK_S = 10;

/**
 * How long before this request the first try of its call may have been sent (ms), when it is an SDK's retry
 * (X-Stainless-Retry-Count ≥ 1); undefined for a first try or a client that does not say. A malformed value is no
 * retry: these are the SDK's headers, not the API's fields, and such a request gets what one without them gets.
 */
export function retryWindowMs(headers: Headers): number | undefined {
  const count = Number(headers.get("x-stainless-retry-count") ?? 0);
  if (!Number.isInteger(count) || count < 1) return undefined;
  const timeout = Number(headers.get("x-stainless-timeout") ?? SDK_TIMEOUT_S);
  const perTry = (Number.isFinite(timeout) && timeout >= 0 ? Math.min(timeout, 3600) : SDK_TIMEOUT_S) + TRY_SLACK_S;
  return Math.min(count, 10) * perTry * 1000;
}

/** Whether `run`, handed back to a retry, is a completed run begun before the retry's window: not its call's. */
export async function replayedFromAnotherCall(env: Env, run: TurnRun, windowMs: number): Promise<boolean> {
  if (!run.handle.replayed) return false;
  const view = await sessionStub(env, run.sessionId).getRun(run.handle.runId);
  return view?.status === "completed" && Date.now() - Date.parse(view.createdAt) > windowMs;
}
