// POST /slack/events: Slack's Events API request URL (docs/slack.md). The signature is verified over
// the raw body before anything is parsed; url_verification is answered; an event is handed to the
// channel's ChatObject (which drops Slack's retries by event_id and does the work) and acknowledged
// at once, well within Slack's 3 seconds.
import { Hono } from "hono/tiny";
import type { AppEnv } from "../../http-kit/app-env";
import { visibleImage } from "../../images/visible-image";
import type { ChatDoors } from "../chat-door";
import { slackObjectName, type SlackShapes } from "./slack-platform";
import { SlackEnvelope, SlackEventCallback, SlackUrlVerification, slackChatMessage } from "./slack-event";
import { parseJsonText, parseOrBadRequest, requireSlackBotToken, verifiedSlackBody } from "./slack-request";

export const slackEventRoutes = (chats: ChatDoors<SlackShapes>) =>
  new Hono<AppEnv>().post("/events", async (c) => {
    const payload = parseJsonText(await verifiedSlackBody(c));
    const { type } = parseOrBadRequest(SlackEnvelope, payload);
    if (type === "url_verification") return c.json({ challenge: parseOrBadRequest(SlackUrlVerification, payload).challenge });
    if (type !== "event_callback") return c.json({ ok: true });
    const callback = parseOrBadRequest(SlackEventCallback, payload);
    const read = slackChatMessage(callback);
    if (!read) return c.json({ ok: true });
    const message = visibleImage(read, c.env);
    requireSlackBotToken(c);
    await chats(c.env).accept(slackObjectName(message), `event:${callback.event_id}`, message);
    return c.json({ ok: true });
  });
