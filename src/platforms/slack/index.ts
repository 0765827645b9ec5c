// Slack as a registered chat platform (../registered-platform.ts): its settings, adapter, webhooks and course delivery.
import { Hono } from "hono/tiny";
import * as z from "zod";
import type { AppEnv } from "../../http-kit/app-env";
import type { RegisteredPlatform } from "../registered-platform";
import { SlackSettings, slackSettings } from "./settings";
import { slackEventRoutes } from "./slack-events-route";
import { slackInteractionRoutes } from "./slack-interactions-route";
import { SlackPlatform, type SlackShapes } from "./slack-platform";

export const slack: RegisteredPlatform<SlackShapes> = {
  name: "slack",
  tenant: SlackPlatform.tenant,
  settings: SlackSettings,
  adapter: (env) => new SlackPlatform(env),
  routes: (chats) => new Hono<AppEnv>().route("/", slackEventRoutes(chats)).route("/", slackInteractionRoutes(chats)),
  delivery: {
    to: z.string().regex(/^[#@]?[\w.-]{1,80}$/, "a channel id such as C0123456789"),
    legacyField: "slackChannel",
    target: (to) => ({ platform: "slack", channel: String(to) }),
    unconfigured: (env) => (slackSettings(env).SLACK_BOT_TOKEN ? undefined : "needs the Slack app: set SLACK_BOT_TOKEN."),
  },
};
