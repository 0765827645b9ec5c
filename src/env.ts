// The Worker's bindings (wrangler.toml) and its string vars and secrets (parsed by src/config.ts).
import type { ChatObject } from "./channels/chat-object";
import type { CourseRegistry } from "./courses/course-registry";
import type { LearnerObject } from "./learning/learner-object";
import type { McpSessionObject } from "./mcp-server/mcp-session-object";
import type { McpOAuthObject } from "./session/mcp-oauth-object";
import type { SessionObject } from "./session/session-object";

export interface Env {
  SESSIONS: DurableObjectNamespace<SessionObject>;
  /** One per Telegram chat / Slack channel: deduplicated deliveries, the bots' background work. */
  CHATS: DurableObjectNamespace<ChatObject>;
  /** The single course registry: courses, their lessons, the per-period idempotency keys. */
  COURSES: DurableObjectNamespace<CourseRegistry>;
  /** One per learner (session, chat or course): attempts and review schedules (src/learning/). */
  LEARNERS: DurableObjectNamespace<LearnerObject>;
  /** One per session of the /mcp server: its transport, and its stored SSE events for resumption. */
  MCP_SESSIONS: DurableObjectNamespace<McpSessionObject>;
  /** The deployment's one store of MCP OAuth clients, tokens and pending authorizations. */
  MCP_OAUTH: DurableObjectNamespace<McpOAuthObject>;
  /** Saved lessons (R2). */
  LESSONS: R2Bucket;
  /** Static assets: the web page and skills/. */
  ASSETS: Fetcher;
  [name: string]: unknown;
}
