// The Worker's bindings (wrangler.toml) and its string vars and secrets (parsed by src/config.ts).
import type { SessionObject } from "./session/session-object";

export interface Env {
  SESSIONS: DurableObjectNamespace<SessionObject>;
  /** Saved lessons (R2). */
  LESSONS: R2Bucket;
  /** Static assets: the web page and skills/. */
  ASSETS: Fetcher;
  [name: string]: unknown;
}
