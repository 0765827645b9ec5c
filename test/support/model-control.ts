// For tests that run inside workerd: registers scripts on the shared scripted model server over HTTP.
import { env } from "cloudflare:workers";
import type { RecordedRequest, Reply } from "./scripted-model";

// The pool's OPENAI_BASE_URL binding points at the shared server (vitest.config.ts).
const base = () => String(env.OPENAI_BASE_URL).replace(/\/v1$/, "");

/** Registers a script; returns the marker that routes a run's model calls to it. */
export async function script(key: string, replies: Omit<Reply, "dynamic">[]): Promise<string> {
  const res = await fetch(`${base()}/__scripts/${encodeURIComponent(key)}`, {
    method: "POST",
    body: JSON.stringify({ replies }),
  });
  if (!res.ok) throw new Error(`script registration failed: ${res.status}`);
  return ((await res.json()) as { marker: string }).marker;
}

export async function requests(key: string): Promise<{ requests: RecordedRequest[]; remaining: number }> {
  const res = await fetch(`${base()}/__scripts/${encodeURIComponent(key)}/requests`);
  return (await res.json()) as { requests: RecordedRequest[]; remaining: number };
}
