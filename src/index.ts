// The Worker: the Hono app for HTTP, and the Durable Object classes wrangler.toml binds.
import type { Env } from "./env";
import { createApp } from "./http/app";
import { tickCourses } from "./courses/scheduled";
import { loadConfig } from "./config";
import { withMcpOAuth } from "./http/mcp-oauth";

export { SessionObject } from "./session/session-object";
export { ChatObject } from "./channels/chat-object";
export { CourseRegistry } from "./courses/course-registry";
export { McpOAuthObject } from "./mcp/oauth/oauth-object";
export { LearnerObject } from "./learning/learner-object";
export { McpSessionObject } from "./mcp-server/mcp-session-object";
export { ConversationIndex } from "./openai-compatible/conversations/conversation-index";

// The OAuth provider of /mcp sits in front of the app (src/http/mcp-oauth.ts): its metadata, token and
// registration endpoints, and the bearer check of /mcp; everything else goes to the app unchanged.
const worker = withMcpOAuth(createApp());

export default {
  fetch: (request, env, ctx) => worker.fetch(request, env, ctx),
  // The whole configuration is checked before a tick, as before a request: a bad setting stops it with its name in the log.
  scheduled: (controller, env, ctx) =>
    ctx.waitUntil(
      (async () => {
        loadConfig(env);
        await tickCourses(env, controller.scheduledTime);
      })(),
    ),
} satisfies ExportedHandler<Env>;
