// The parts of Slack's interactivity payloads the app reads (https://api.slack.com/reference/interaction-payloads/block-actions):
// a click on one of the app's buttons (an approval, the quiz, an input) is a `block_actions` payload whose
// action's `value` is the button's value. Other interactions are acknowledged and dropped.
import * as z from "zod";
import type { ChatClick } from "../chat-platform";
import type { SlackShapes } from "./slack-platform";

export const SlackInteraction = z.object({ type: z.string() });

export const SlackBlockActions = z.object({
  type: z.literal("block_actions"),
  team: z.object({ id: z.string().min(1) }),
  user: z.object({ id: z.string().min(1) }),
  container: z.object({ message_ts: z.string().optional(), channel_id: z.string().optional(), thread_ts: z.string().optional() }).optional(),
  channel: z.object({ id: z.string().min(1) }).optional(),
  message: z.object({ ts: z.string(), thread_ts: z.string().optional() }).optional(),
  actions: z.array(z.object({ action_id: z.string(), value: z.string().optional(), action_ts: z.string().optional() })).min(1),
});

export type SlackBlockActions = z.output<typeof SlackBlockActions>;

/** A click on one of the app's buttons, with a delivery id for dedupe; undefined for anything else. */
export function slackClick(p: SlackBlockActions): { deliveryId: string; click: ChatClick<SlackShapes> } | undefined {
  const action = p.actions[0]!;
  const channel = p.channel?.id ?? p.container?.channel_id;
  const ts = p.message?.ts ?? p.container?.message_ts;
  if (!action.value || !channel || !ts) return undefined;
  const threadTs = p.message?.thread_ts ?? p.container?.thread_ts;
  return {
    deliveryId: `action:${p.user.id}:${action.action_ts ?? ts}:${action.value}`,
    click: {
      address: { platform: "slack", teamId: p.team.id, channel },
      value: action.value,
      by: `slack:${p.user.id}`,
      who: `<@${p.user.id}>`,
      at: { platform: "slack", channel, ts, ...(threadTs ? { threadTs } : {}), userId: p.user.id },
    },
  };
}
