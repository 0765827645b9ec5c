// The chat platforms' webhooks, mounted together by the app: each platform's folder has its routes,
// and each authenticates its platform itself (a secret header, a request signature). A new platform's
// routes get their line here, beside its adapter's line in src/platforms/registry.ts.
import { Hono } from "hono";
import type { AppEnv } from "../http-kit/app-env";
import { slackRoutes } from "./slack/slack-events-route";
import { slackInteractionRoutes } from "./slack/slack-interactions-route";
import { telegramRoutes } from "./telegram/telegram-webhook";

export const platformRoutes = new Hono<AppEnv>().route("/telegram", telegramRoutes).route("/slack", slackRoutes).route("/slack", slackInteractionRoutes);
