// Slack requests' payloads as Slack sends them: Events API callbacks and interactivity payloads (button
// clicks). Plain builders, for tests in workerd and in Node alike; signing and posting is the caller's.

export const TEAM_ID = "T0TEST";
/** The app's bot user: what its mentions name, and whom Slack says each event was delivered for (authorizations). */
export const BOT_USER = "U0BOT";

let n = 0;
/** A Slack message ts no other test uses ("seconds.micros"). */
export const uniqueTs = () => `${Math.floor(Date.now() / 1000)}.${String(n++).padStart(6, "0")}`;
/** A channel id no other test uses. */
export const uniqueChannel = (prefix = "C") => `${prefix}${Math.random().toString(36).slice(2, 10).toUpperCase()}`;

export function eventCallback(event: Record<string, unknown>, eventId = `Ev${uniqueTs().replace(".", "")}`) {
  return {
    token: "legacy",
    team_id: TEAM_ID,
    api_app_id: "A0TEST",
    type: "event_callback",
    event_id: eventId,
    event_time: Math.floor(Date.now() / 1000),
    authorizations: [{ enterprise_id: null, team_id: TEAM_ID, user_id: BOT_USER, is_bot: true, is_enterprise_install: false }],
    event,
  };
}

export function appMention(channel: string, text: string, extra: Record<string, unknown> = {}) {
  const ts = uniqueTs();
  return { type: "app_mention", user: "U0LEARNER", text: `<@${BOT_USER}> ${text}`, ts, channel, event_ts: ts, ...extra };
}

/** Slack's member_joined_channel: `user` (the app's own BOT_USER, or a person) was added to `channel`. */
export function memberJoinedChannel(channel: string, user = BOT_USER) {
  return { type: "member_joined_channel", user, channel, channel_type: "C", team: TEAM_ID, inviter: "U0INVITER", event_ts: uniqueTs() };
}

/** A person's direct message to the app (`extra`: a subtype, files, a thread_ts…). */
export function directMessage(channel: string, text: string, extra: Record<string, unknown> = {}) {
  const ts = uniqueTs();
  return { type: "message", channel_type: "im", user: "U0LEARNER", text, ts, channel, event_ts: ts, ...extra };
}

/** Slack's message_changed event for a direct message; `edited` false for a change no person made (a link preview added). */
export function directMessageChanged(channel: string, text: string, opts: { edited?: boolean; botId?: string } = {}) {
  const ts = uniqueTs();
  const original = { type: "message", user: opts.botId ? undefined : "U0LEARNER", text: "before", ts, ...(opts.botId ? { bot_id: opts.botId } : {}) };
  return {
    type: "message",
    subtype: "message_changed",
    channel_type: "im",
    channel,
    hidden: true,
    ts: uniqueTs(),
    event_ts: uniqueTs(),
    message: { ...original, text, ...(opts.edited === false ? {} : { edited: { user: "U0LEARNER", ts: uniqueTs() } }) },
    previous_message: original,
  };
}

/** A click on a button of the bot's message `messageTs` (in `threadTs`'s thread) in `channel`. */
export function blockActions(
  channel: string,
  messageTs: string,
  threadTs: string | undefined,
  action: { action_id: string; value: string },
  user = "U0LEARNER",
) {
  return {
    type: "block_actions",
    team: { id: TEAM_ID, domain: "test" },
    user: { id: user, username: "ada", name: "ada", team_id: TEAM_ID },
    api_app_id: "A0TEST",
    token: "legacy",
    container: { type: "message", message_ts: messageTs, channel_id: channel, is_ephemeral: false, ...(threadTs ? { thread_ts: threadTs } : {}) },
    trigger_id: "1.2.3",
    channel: { id: channel, name: "learning" },
    message: { type: "message", ts: messageTs, bot_id: "B0BOT", text: "(the prompt)", ...(threadTs ? { thread_ts: threadTs } : {}) },
    response_url: "https://hooks.slack.invalid/actions/T0TEST/1/x",
    actions: [{ ...action, block_id: "approval", type: "button", action_ts: uniqueTs() }],
  };
}
