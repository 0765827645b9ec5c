// How a session's events are kept and shared: redacted with the deployment's secrets, at most
// TRACE_MAX_EVENTS per session, and each stored event offered to the webhooks' outbox (WEBHOOKS).
import { createRedactor } from "../../lib/redaction";
import { settingsLoader } from "../../lib/settings-loader";
import { networkSettings } from "../../tools/network-settings";
import { configuredSecrets } from "./configured-secrets";
import type { TracePolicy } from "./event-hub";
import { traceEventView } from "./stream-events";
import type { OutboxSettings, WebhookOutbox } from "./webhook-outbox";
import { TraceSettings } from "./settings";

const traceSettings = settingsLoader(TraceSettings);

/** The trace's settings, or the defaults when they do not parse (the run fails with config_invalid on its own). */
function settingsOrDefaults<T>(load: (env: object) => T, env: object): T {
  try {
    return load(env);
  } catch {
    return load({});
  }
}

export function createTracePolicy(
  env: Record<string, unknown>,
  sessionId: () => string,
  outbox: WebhookOutbox,
  /** Called when an event was queued for a webhook: deliver it now. */
  onQueued: () => void,
): TracePolicy {
  const redact = createRedactor(configuredSecrets(env));
  const config = settingsOrDefaults(traceSettings, env);
  const kept = { redact, maxEvents: config.TRACE_MAX_EVENTS, outputPreviewChars: config.TRACE_OUTPUT_PREVIEW_CHARS };
  if (!config.WEBHOOKS.length) return kept;
  return {
    ...kept,
    // The event's own id is its webhook-id: unique forever, so a session id's second life never repeats one.
    onStored: (row) => {
      if (outbox.enqueue({ ...traceEventView(row), id: row.id, sessionId: sessionId() })) onQueued();
    },
  };
}

export function webhookSettings(env: Record<string, unknown>): OutboxSettings {
  let config: ReturnType<typeof traceSettings>;
  let configInvalid = false;
  try {
    config = traceSettings(env);
  } catch {
    // Its defaults know no webhook: the outbox holds its deliveries for when the config is fixed, not drops them.
    config = traceSettings({});
    configInvalid = true;
  }
  return {
    configInvalid,
    webhooks: config.WEBHOOKS,
    allowPrivate: settingsOrDefaults(networkSettings, env).ALLOW_PRIVATE_FETCH,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    retryBaseMs: config.WEBHOOK_RETRY_BASE_MS,
    maxRetryDelayMs: config.WEBHOOK_MAX_RETRY_DELAY_MS,
    retryForMs: config.WEBHOOK_RETRY_FOR_MS,
  };
}
