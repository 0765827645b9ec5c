// Slack as a ChatPlatform (../chat-platform.ts): one Durable Object per channel (or DM), one session
// per thread (and one for a DM's top level), replies and lessons as mrkdwn messages in the thread (slack-mrkdwn.ts), buttons as Block Kit actions, and a
// refused click answered with an ephemeral message. Slack has no typing indicator for bots outside the
// legacy RTM API, so `typing` does nothing.
import type { Env } from "../../env";
import { derivedId } from "../../lib/derived-ids";
import { splitMessage } from "../split-message";
import type { Unreadable } from "../unreadable-message";
import { type ChatImage, type ChatPlatform, type LessonFile, type OutgoingMessage, type SentParts } from "../chat-platform";
import { noteBlocks, packBlocks } from "../chat-markdown";
import { formulaNote, lessonPageLink } from "../lesson-page-url";
import { withoutAnswerKey } from "../../lessons/outline";
import type { ChatPhrases } from "../chat-phrases";
import { approvalBlocks, buttonBlocks, decidedBlocks } from "./slack-blocks";
import { SLACK_MRKDWN, slackMrkdwn } from "./slack-mrkdwn";
import { escapeSlackText, SLACK_MAX_MESSAGE, SlackApi } from "./slack-api";
import { parseSlackCommand } from "./slack-commands";
import { CodedError } from "../../lib/coded-error";
import { slackSettings } from "./settings";

export interface SlackShapes {
  address: { platform: "slack"; teamId: string; channel: string };
  /** `by`: "slack:<user id>", who wrote it. */
  message: {
    platform: "slack";
    teamId: string;
    channel: string;
    threadTs?: string;
    text: string;
    by?: string;
    image?: ChatImage;
    unseenImage?: boolean;
    unreadable?: Unreadable;
    /** The app itself joined the channel (member_joined_channel): no person's message. */
    appJoined?: true;
  };
  /** A channel (or DM); in `threadTs`'s thread when it is set. */
  target: { platform: "slack"; channel: string; threadTs?: string };
  button: { platform: "slack"; channel: string; ts: string; threadTs?: string; userId: string };
}

/** The Durable Object of a Slack channel or DM. */
export const slackObjectName = (a: { teamId: string; channel: string }) => `slack:${a.teamId}:${a.channel}`;

/** People's locales as users.info said them (undefined: it did not), each for LOCALE_TTL_MS; the oldest goes past LOCALES_KEPT. */
const LOCALES = new Map<string, { locale: string | undefined; until: number }>();
const LOCALE_TTL_MS = 60 * 60 * 1000;
const LOCALES_KEPT = 1000;

/** Slack's limit for a section block's text, where a message with buttons puts its text. */
const SECTION_MAX = 3000;

export class SlackPlatform implements ChatPlatform<SlackShapes> {
  /** The app's own tenant: a channel's sessions and the courses it asks for belong to it. */
  static readonly tenant = "slack";
  readonly tenant = SlackPlatform.tenant;

  constructor(private readonly env: Env) {}

  /** Slack sends no language with an event: the person's locale is asked of users.info, once an hour per isolate. */
  async language(of: { by?: string }): Promise<string | undefined> {
    const user = of.by?.startsWith("slack:") ? of.by.slice("slack:".length) : undefined;
    if (!user) return undefined;
    const known = LOCALES.get(user);
    if (known && known.until > Date.now()) return known.locale;
    let locale: string | undefined;
    try {
      locale = await this.api().userLocale(user);
    } catch {
      // Not configured, or Slack unreachable: English.
    }
    if (LOCALES.size >= LOCALES_KEPT) LOCALES.delete(LOCALES.keys().next().value!);
    LOCALES.set(user, { locale, until: Date.now() + LOCALE_TTL_MS });
    return locale;
  }

  parseCommand(text: string, say: ChatPhrases) {
    return parseSlackCommand(text, say);
  }

  sessionId(m: SlackShapes["message"]): string {
    return derivedId("slack", [m.teamId, m.channel, ...(m.threadTs ? [m.threadTs] : [])].join("-"));
  }

  /** The channel (or DM): its threads are one learner. */
  learnerId(a: SlackShapes["address"]): string {
    return derivedId("slack", [a.teamId, a.channel].join("-"));
  }

  replyTarget(m: SlackShapes["message"]): SlackShapes["target"] {
    return { platform: "slack", channel: m.channel, ...(m.threadTs ? { threadTs: m.threadTs } : {}) };
  }

  /** The thread the clicked message is in (or the DM itself). */
  clickTarget(at: SlackShapes["button"]): SlackShapes["target"] {
    return { platform: "slack", channel: at.channel, ...(at.threadTs ? { threadTs: at.threadTs } : {}) };
  }

  courseDelivery(a: SlackShapes["address"]) {
    return { platform: "slack", to: a.channel };
  }

  async typing(): Promise<void> {}

  async send(to: SlackShapes["target"], message: OutgoingMessage, parts?: SentParts<SlackShapes["target"]>): Promise<SlackShapes["target"]> {
    const { blocks: text, complexMath } = slackMrkdwn(message.text);
    const blocks = [...text, ...noteBlocks(SLACK_MRKDWN, complexMath ? await formulaNote(this.env, message.about) : undefined)];
    const buttons = message.buttons?.length ? message.buttons : undefined;
    // The buttons go under the last piece of the text (a section's), which is also the notification's (and a screen reader's) text.
    const pieces = packBlocks(blocks, buttons ? SECTION_MAX : SLACK_MAX_MESSAGE, splitMessage);
    if (buttons && pieces.length === 0) pieces.push("");
    let ts: string | undefined;
    const next = () => ({ ...to, ...((to.threadTs ?? ts) ? { threadTs: to.threadTs ?? ts } : {}) });
    for (let n = parts?.from ?? 0; n < pieces.length; n++) {
      const piece = pieces[n]!;
      const last = n === pieces.length - 1;
      const posted =
        buttons && last
          ? await this.api().postBlocks(to.channel, piece, buttonBlocks(piece, buttons), to.threadTs)
          : await this.api().postMrkdwn(to.channel, [piece], to.threadTs);
      ts ??= posted;
      parts?.sent(n + 1, next());
    }
    return next();
  }

  /**
   * One part: the lesson as mrkdwn in the thread (its Answer Key left for the quiz, as on Telegram), with a link
   * to the page where its formulas are rendered.
   */
  async sendLesson(to: SlackShapes["target"], lesson: LessonFile, from = 0, sent?: (parts: number) => void): Promise<void> {
    if (from > 0) return;
    const { blocks, complexMath } = slackMrkdwn(withoutAnswerKey(lesson.markdown));
    const page = await lessonPageLink(this.env, lesson, complexMath);
    await this.api().postMrkdwn(to.channel, [...blocks, ...noteBlocks(SLACK_MRKDWN, page)], to.threadTs);
    sent?.(1);
  }

  async downloadImage(image: ChatImage, maxBytes: number): Promise<Uint8Array> {
    return this.api().downloadFile(image.ref, maxBytes);
  }

  async approvalButtons(to: SlackShapes["target"], prompt: string, approvalId: string, say: ChatPhrases): Promise<void> {
    await this.api().postBlocks(to.channel, escapeSlackText(prompt), approvalBlocks(prompt, approvalId, say), to.threadTs);
  }

  async approvalDecided(at: SlackShapes["button"], prompt: string, note: string): Promise<void> {
    await this.api().update(at.channel, at.ts, prompt, decidedBlocks(prompt, note));
  }

  async refuseClick(at: SlackShapes["button"], text: string): Promise<void> {
    await this.api().postEphemeral(at.channel, at.userId, text, at.threadTs);
  }

  /** Slack's click was acknowledged by the interactions route's empty 200. */
  async acknowledgeClick(): Promise<void> {}

  private api(): SlackApi {
    const { SLACK_BOT_TOKEN: token, SLACK_API_BASE } = slackSettings(this.env);
    if (!token) throw new CodedError("chat_not_configured", "Slack is not configured: set SLACK_BOT_TOKEN.");
    return new SlackApi(SLACK_API_BASE, token);
  }
}
