// The Slack app's settings (docs/slack.md): the events route answers 404 until the signing secret is set.
import * as z from "zod";
import { optionalString } from "../../lib/setting-types";
import { settingsLoader } from "../../lib/settings-loader";

export const SlackSettings = z.object({
  SLACK_SIGNING_SECRET: optionalString,
  SLACK_BOT_TOKEN: optionalString,
  SLACK_API_BASE: z.url().default("https://slack.com/api"),
});

export const slackSettings = settingsLoader(SlackSettings);
