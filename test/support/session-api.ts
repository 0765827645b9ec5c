// Reads and waits on a session through the public HTTP API, for workers tests.
import { call } from "./worker-http";

export interface RunBody {
  runId: string;
  status: string;
  output: string;
  steps: number;
  error?: { code: string; message: string };
  pending?: Array<{ approvalId: string; callId: string; name: string; args: Record<string, unknown>; expiresAt: string }>;
}

export interface StoredMessage {
  id: string;
  role: string;
  content: string;
  toolCalls?: Array<{ id: string; name: string; args: string }>;
  toolCallId?: string;
  status?: string;
}

export interface TraceRow {
  seq: number;
  type: string;
  runId: string | null;
  data: Record<string, unknown>;
}

export async function startRun(sessionId: string, input: string, extra: Record<string, unknown> = {}): Promise<RunBody> {
  const res = await call(`/v1/sessions/${sessionId}/runs`, { method: "POST", json: { input, ...extra } });
  if (res.status !== 200) throw new Error(`start run: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as RunBody;
}

export async function getRun(sessionId: string, runId: string): Promise<RunBody> {
  return (await (await call(`/v1/sessions/${sessionId}/runs/${runId}`)).json()) as RunBody;
}

/** Polls the run until it is no longer queued or running. */
export async function settledRun(sessionId: string, runId: string, timeoutMs = 10_000): Promise<RunBody> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const run = await getRun(sessionId, runId);
    if ((run.status !== "running" && run.status !== "queued") || Date.now() > until) return run;
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function messages(sessionId: string): Promise<StoredMessage[]> {
  return ((await (await call(`/v1/sessions/${sessionId}`)).json()) as { messages: StoredMessage[] }).messages;
}

/** The session's trace; webhook delivery attempts (which follow a run's last event) only when asked for. */
export async function trace(sessionId: string, opts: { webhookAttempts?: boolean } = {}): Promise<TraceRow[]> {
  const events = ((await (await call(`/v1/sessions/${sessionId}/events?limit=1000`)).json()) as { events: TraceRow[] }).events;
  return opts.webhookAttempts ? events : events.filter((e) => e.type !== "webhook.attempt");
}

export function decide(sessionId: string, approvalId: string, body: unknown): Promise<Response> {
  return call(`/v1/sessions/${sessionId}/approvals/${approvalId}`, { method: "POST", json: body });
}
