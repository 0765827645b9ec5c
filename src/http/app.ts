// The Hono app, a composition root: the whole configuration checked before anything is served, body
// limit, auth on /v1, then each feature's routes mounted (each lives in its feature's folder), errors in
// the contract's shape.
import { Hono } from "hono/tiny";
import { secureHeaders } from "hono/secure-headers";
import { platformRoutes } from "../channels/platform-routes";
import { loadConfig } from "../config";
import { courseRoutes } from "../courses/course-routes";
import type { AppEnv } from "../http-kit/app-env";
import { approvalRoutes } from "./approvals";
import { inputRoutes } from "./inputs";
import { compactRoutes } from "./compact";
import { bearerAuth, mcpAuth } from "./auth";
import { corsForListedOrigins } from "./cors";
import { mcpConsentRoutes } from "./mcp-consent";
import { handleError } from "../http-kit/errors";
import { checkIdempotencyKey } from "../http-kit/idempotency-key";
import { requireJsonBody } from "./json-content-type";
import { learnerRoutes } from "../learning/learner-routes";
import { lessonExerciseRoutes } from "../learning/exercise-routes";
import { lessonRoutes } from "../lessons/lesson-routes";
import { sharedLessonRoutes } from "../lessons/shared-lesson-routes";
import { mcpRoutes } from "../mcp-server/mcp-routes";
import { uiChatRoutes } from "../openai-compatible/ui-chat";
import { openAIRoutes } from "../openai-compatible/chat-completions";
import { openAIErrorShape } from "../openai-compatible/openai-errors";
import { responsesRoutes } from "../openai-compatible/responses/responses-routes";
import { runRoutes } from "./runs";
import { mcpOAuthCallbackRoutes } from "../mcp/oauth/callback-routes";
import { mcpServerRoutes } from "../mcp/server-routes";
import { sessionRoutes } from "./sessions";
import { assetOrNotFound } from "./static-assets";
import { bodyLimitWithImages } from "../images/image-body-limit";
import { imageRoutes } from "../images/image-routes";

export function createApp() {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.notFound(assetOrNotFound);

  // nosniff keeps a lesson served as text/markdown from being read as HTML; frames and referrers stay home.
  // A header a route set itself stands (the diagram frame's scripts are cross-origin readable, static-assets.ts).
  app.use("*", secureHeaders({ overwrite: false }));
  // First, so it sees every error of the OpenAI-compatible routes, auth and config ones included.
  app.use("/v1/*", openAIErrorShape);
  // Every setting parses, or nothing is served (500 config_invalid, the detail in the log only).
  app.use("*", async (c, next) => {
    loadConfig(c.env);
    await next();
  });
  // Before auth: a browser's preflight carries no bearer token (CORS_ORIGINS; nothing without it).
  app.use("/v1/*", corsForListedOrigins);
  // The browser returning from an MCP server's authorization carries no bearer token; its state guards it.
  app.route("/v1/mcp/oauth", mcpOAuthCallbackRoutes);
  // A chat's link to one lesson: its share token, not an API key, lets the reader in (src/lessons/lesson-share.ts).
  app.route("/v1/shared-lessons", sharedLessonRoutes);
  // Auth comes first: an unauthenticated caller learns nothing, not even that its body is too large.
  app.use("/v1/*", bearerAuth);
  // /mcp: OAuth 2.1 (the provider in front of the app checked the bearer) or, without keys, the /v1 rule.
  app.use("/mcp", mcpAuth);
  app.use("/v1/*", requireJsonBody, checkIdempotencyKey);
  app.use("*", bodyLimitWithImages);

  app.get("/healthz", (c) => c.json({ ok: true }));
  app.route("/v1/sessions", sessionRoutes);
  app.route("/v1/sessions", runRoutes);
  app.route("/v1/sessions", approvalRoutes);
  app.route("/v1/sessions", inputRoutes);
  app.route("/v1/sessions", compactRoutes);
  app.route("/v1/lessons", lessonRoutes);
  app.route("/v1/lessons", lessonExerciseRoutes);
  app.route("/v1/learners", learnerRoutes);
  app.route("/v1/images", imageRoutes);
  app.route("/v1", openAIRoutes);
  app.route("/v1/responses", responsesRoutes);
  app.route("/v1/courses", courseRoutes);
  app.route("/v1/mcp", mcpServerRoutes);
  app.route("/mcp", mcpRoutes);
  // The consent page of /mcp's OAuth; the browser has no bearer token, the consent handle guards it.
  app.route("/oauth", mcpConsentRoutes);
  app.route("/v1/ui", uiChatRoutes);
  // The bots authenticate their platform themselves (secret header, request signature).
  app.route("/", platformRoutes);
  return app;
}
