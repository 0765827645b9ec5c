// The Worker: the Hono app for HTTP, and the Durable Object classes wrangler.toml binds.
import type { Env } from "./env";
import { createApp } from "./http/app";

export { SessionObject } from "./session/session-object";

const app = createApp();

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
} satisfies ExportedHandler<Env>;
