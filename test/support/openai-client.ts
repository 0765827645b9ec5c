// The official `openai` client pointed at the Worker under test (inside workerd): its requests go to
// the Worker's fetch handler, or to an app built over a changed env (API_TOKEN set, say).
import { createExecutionContext, env } from "cloudflare:test";
import OpenAI from "openai";
import { createApp } from "../../src/http/app";
import { BASE, fromThisMachine, workerFetch } from "./worker-http";

export interface AgentClientOptions {
  headers?: Record<string, string>;
  apiKey?: string;
  /** Vars laid over the test env; the request then goes to a fresh app over that env. */
  vars?: Record<string, string>;
  /** Bindings laid over the test env (a Durable Object namespace that watches its calls, say), as `vars` are. */
  bindings?: Record<string, unknown>;
}

export function agentClient(opts: AgentClientOptions = {}): OpenAI {
  const laid = opts.vars || opts.bindings ? { ...opts.vars, ...opts.bindings } : undefined;
  const app = laid ? createApp() : undefined;
  const send = (request: Request) => (app ? app.fetch(fromThisMachine(request), { ...env, ...laid }, createExecutionContext()) : workerFetch(request));
  return new OpenAI({
    apiKey: opts.apiKey ?? "unused-without-API_TOKEN",
    baseURL: `${BASE}/v1`,
    // A retried request would start the agent again; tests see the first answer.
    maxRetries: 0,
    defaultHeaders: opts.headers,
    fetch: async (input, init) => send(new Request(input, init)),
  });
}

/** The `openai` client's error for a call that must fail; a call that succeeds, or fails otherwise, fails the test. */
export async function apiError(call: Promise<unknown>): Promise<InstanceType<typeof OpenAI.APIError>> {
  const e = await call.then(
    () => new Error("the call succeeded"),
    (err: unknown) => err,
  );
  if (e instanceof OpenAI.APIError) return e;
  throw e;
}
