// POST /slack/interactions: Slack's interactivity request URL (docs/slack.md), where a click on one
// of the app's buttons arrives as a form field `payload=<JSON>`. Verified like /slack/events (v0 signature
// over the raw body, 5-minute window), handed to the channel's ChatObject (which settles the approval,
// or goes on with the quiz, and answers in the thread) and acknowledged at once with an empty 200, within Slack's 3 seconds.
import { Hono } from "hono/tiny";
import type { AppEnv } from "../../http-kit/app-env";
import { badRequest } from "../../lib/http-error";
import type { ChatDoors } from "../chat-door";
import { SlackBlockActions, SlackInteraction, slackClick } from "./slack-interaction";
import { slackObjectName, type SlackShapes } from "./slack-platform";
import { parseJsonText, parseOrBadRequest, requireSlackBotToken, verifiedSlackBody } from "./slack-request";

export const slackInteractionRoutes = (chats: ChatDoors<SlackShapes>) =>
  new Hono<AppEnv>().post("/interactions", async (c) => {
    const form = new URLSearchParams(await verifiedSlackBody(c));
    const field = form.get("payload");
    if (field === null) throw badRequest("invalid_request", "The body has no payload field (Slack sends payload=<JSON>, form-encoded).");
    const payload = parseJsonText(field);
    if (parseOrBadRequest(SlackInteraction, payload).type !== "block_actions") return c.body(null, 200);
    const clicked = slackClick(parseOrBadRequest(SlackBlockActions, payload));
    if (!clicked) return c.body(null, 200);
    requireSlackBotToken(c);
    await chats(c.env).click(slackObjectName(clicked.click.address), clicked.deliveryId, clicked.click);
    return c.body(null, 200);
  });
