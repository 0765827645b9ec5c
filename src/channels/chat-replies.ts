// The fixed texts a conversation answers with, in the person's language (chat-phrases.ts): a finished
// run's reply, the link to authorize an MCP server, what /compact did, and why something was refused or failed.
import type { RunOutcome } from "../delivery/run-outcome";
import { fill } from "../lib/phrase-book";
import type { ChatPhrases } from "../platforms/chat-phrases";
import { noticeText, reasonText } from "../platforms/run-notice-phrases";
import type { CompactResult } from "../session/runs/compact-session";

/** The link a user opens to connect an MCP server the run had to leave out (plain text: the platforms make it clickable). */
export const authorizationText = (a: { server: string; authorizationUrl: string }, say: ChatPhrases) =>
  fill(say.authorize, { server: a.server, url: a.authorizationUrl });

/**
 * The reply for a finished run; undefined when there is nothing to say (a /stop already answered). `notices`:
 * why a run fails and the warnings a learner should know of (an answer cut short, a server's tools left out),
 * in the person's language (a RunNoticePhrases, by code; none needed for a run that neither failed nor warned); the
 * other warnings are for whoever runs the server.
 */
export function answerText(o: RunOutcome, say: ChatPhrases, notices: Readonly<Record<string, string>>): string | undefined {
  const { run } = o;
  const told = o.warnings.filter((w) => Object.hasOwn(notices, w.code)).map((w) => `(${noticeText(w, notices)})`);
  switch (run.status) {
    case "cancelled":
      return undefined;
    case "failed":
      return fill(say.runFailed, { reason: run.error ? reasonText(run.error, say, notices) : say.runFailedReason });
    case "max_steps":
      return [run.output, say.stepLimit, ...told].join("\n\n").trim();
    default:
      return [run.output.trim() || say.nothingToSay, ...told].join("\n\n");
  }
}

/** What /compact did, from the session's answer; `notices` as answerText's (model_not_configured). */
export function compactText(outcome: CompactResult, say: ChatPhrases, notices: Readonly<Record<string, string>>): string {
  if (!outcome.ok) {
    if (outcome.code === "not_found") return say.compactNone;
    if (outcome.code === "compaction_failed") return say.compactFailed;
    return outcome.code === "run_active" ? say.compactBusy : fill(say.runFailed, { reason: reasonText(outcome, say, notices) });
  }
  if (!outcome.compacted) return say.compactShort;
  return fill(say.compacted, { messages: outcome.replacedMessages, before: outcome.beforeTokens, after: outcome.afterTokens });
}
