// The Worker: the Hono app for HTTP, and the Durable Object classes wrangler.toml binds.
import type { Env } from "./env";
import { createApp } from "./http/app";
import { tickCourses } from "./courses/scheduled";
import { loadConfig } from "./config";

export { SessionObject } from "./session/session-object";
export { ChatObject } from "./channels/chat-object";
export { CourseRegistry } from "./courses/course-registry";
export { McpOAuthObject } from "./mcp/oauth/oauth-object";
export { LearnerObject } from "./learning/learner-object";
export { McpSessionObject } from "./mcp-server/mcp-session-object";

const app = createApp();

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
  // The whole configuration is checked before a tick, as before a request: a bad setting stops it with its name in the log.
  scheduled: (controller, env, ctx) =>
    ctx.waitUntil(
      (async () => {
        loadConfig(env);
        await tickCourses(env, controller.scheduledTime);
      })(),
    ),
} satisfies ExportedHandler<Env>;
