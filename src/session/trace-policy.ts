// How a session's events are kept and shared: redacted with the deployment's secrets, at most
// TRACE_MAX_EVENTS per session, and each stored event offered to the webhook hooks (HOOKS).
import { createRedactor } from "../lib/redaction";
import { loadConfig, type Config } from "../config";
import { configuredSecrets } from "./configured-secrets";
import type { TracePolicy } from "./event-hub";
import { traceEventView } from "./stream-events";
import { WebhookDispatcher } from "./webhook-hooks";

export function createTracePolicy(env: Record<string, unknown>, sessionId: () => string, waitUntil: (p: Promise<unknown>) => void): TracePolicy {
  const redact = createRedactor(configuredSecrets(env));
  let config: Config;
  try {
    config = loadConfig(env);
  } catch {
    // The run fails with config_invalid on its own; its trace still gets redaction and the default limits.
    config = loadConfig({});
  }
  if (!config.HOOKS.length) return { redact, maxEvents: config.TRACE_MAX_EVENTS };
  const hooks = new WebhookDispatcher(config.HOOKS, {
    allowPrivate: config.ALLOW_PRIVATE_FETCH,
    timeoutMs: config.HOOK_TIMEOUT_MS,
    maxAttempts: config.HOOK_MAX_ATTEMPTS,
    retryBaseMs: config.HOOK_RETRY_BASE_MS,
    waitUntil,
  });
  return {
    redact,
    maxEvents: config.TRACE_MAX_EVENTS,
    onStored: (row) => hooks.dispatch({ sessionId: sessionId(), ...traceEventView(row) }),
  };
}
