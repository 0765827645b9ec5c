// Slack as a registered chat platform (../registered-platform.ts): its settings, adapter, webhooks and course delivery.
import { Hono } from "hono/tiny";
import type { AppEnv } from "../../http-kit/app-env";
import type { RegisteredPlatform } from "../registered-platform";
import { SlackSettings, slackSettings } from "./settings";
import { slackDeliveryTo } from "./slack-delivery-to";
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
    to: slackDeliveryTo,
    legacyField: "slackChannel",
    target: (to) => ({ platform: "slack", channel: String(to) }),
    unconfigured: (env) => (slackSettings(env).SLACK_BOT_TOKEN ? undefined : "needs the Slack app: set SLACK_BOT_TOKEN."),
  },
};
