// Manual compaction (POST /v1/sessions/:id/compact, /compact in the chats): the session's history is
// compacted now, as auto-compaction would past its threshold, and the answer carries the figures.
import { type CompactionOutcome, type Emit, newId, RunState, type RunStatus, tracedModel } from "../../agent";
import { refuse, succeed, type Outcome } from "../../lib/outcome";
import type { Env } from "../../env";
import type { IdempotencyKey } from "../../lib/idempotency-key";
import { imageSettings } from "../../images/settings";
import { createModel, modelMissing } from "../../models/models";
import { sessionAgentStores } from "../agent-stores";
import type { SessionConfig } from "../settings";
import { createContextManager } from "./harness-parts";
import type { SessionStore } from "../session-store";
import { buildSystemPrompt, DEFAULT_SYSTEM_PROMPT } from "./system-prompt";

export type CompactResult = Outcome<
  CompactionOutcome & { replayed?: true },
  "not_found" | "run_active" | "model_not_configured" | "compaction_failed" | "idempotency_key_reused"
>;

/** Runs in these states own the history: compacting under them would summarize what they are still writing. */
const ACTIVE: RunStatus[] = ["queued", "running", "awaiting_approval", "awaiting_input", "awaiting_client_tools"];

/** `emit`: the session's trace, outside any run: the summary's model calls, `context.compacted` or the failure's warning. */
export async function compactSession(env: Env, config: SessionConfig, store: SessionStore, signal: AbortSignal, emit: Emit): Promise<CompactResult> {
  if (store.runs.anyIn(...ACTIVE)) {
    return refuse("run_active", "A run of this session is under way; compact after it ends (or cancel it).");
  }
  if (modelMissing(env)) {
    return refuse("model_not_configured", "Compaction writes its summary with the model, and no model is configured.");
  }
  // Manual compaction is a summary like any other, on the summary model; its calls are not part of a run.
  const model = tracedModel(createModel(env, "summary"), emit);
  // The summary keeps as many of the replaced turns' images as a model call shows (MAX_IMAGES_PER_CALL).
  const maxImages = imageSettings(env).MAX_IMAGES_PER_CALL;
  const context = createContextManager(config, model, sessionAgentStores(store, newId("compact")), new RunState(), maxImages);
  const system = buildSystemPrompt(config.SYSTEM_PROMPT ?? DEFAULT_SYSTEM_PROMPT, [], new Date().toISOString().slice(0, 10));
  const outcome = await context.compactNow({ system, messages: store.modelHistory(), tools: [], signal, emit });
  // A summary that could not be written is an error, not "nothing to compact".
  return outcome.compacted || !outcome.failed ? succeed(outcome) : refuse("compaction_failed", outcome.reason);
}

/**
 * `compact` under the request's Idempotency-Key: the last keyed compaction's key and answer are kept in the session's meta,
 * so a retry after a lost answer gets it again, not "nothing to compact". Checked with nothing awaited before `compact`
 * joins or starts the compaction; a refusal is not kept (it changed nothing, so a retry tries again).
 */
export async function keyedCompaction(store: SessionStore, key: IdempotencyKey | undefined, compact: () => Promise<CompactResult>): Promise<CompactResult> {
  if (!key) return compact();
  const last = JSON.parse(store.getMeta("compaction_key") ?? "{}") as { key?: IdempotencyKey; answer?: CompactResult & { ok: true } };
  if (last.key?.key === key.key)
    return last.key.fingerprint === key.fingerprint
      ? { ...last.answer!, replayed: true }
      : refuse("idempotency_key_reused", "This Idempotency-Key was used with a different request body; use a new key for a new request.");
  const answer = await compact();
  if (answer.ok) store.setMeta("compaction_key", JSON.stringify({ key, answer }));
  return answer;
}
