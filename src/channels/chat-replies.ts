// The fixed texts a conversation answers with: a finished run's reply, the link to authorize an MCP
// server, and what /compact did.
import type { RunOutcome } from "../delivery/run-outcome";
import type { CompactResult } from "../session/runs/compact-session";

/** The link a user opens to connect an MCP server the run had to leave out (plain text: the platforms make it clickable). */
export const authorizationText = (a: { server: string; authorizationUrl: string }) =>
  `To let me use ${a.server}, authorize it here (the link works once, for 10 minutes), then ask again:\n${a.authorizationUrl}`;

/** The reply for a finished run; undefined when there is nothing to say (a /stop already answered). */
export function answerText(o: RunOutcome): string | undefined {
  const { run } = o;
  switch (run.status) {
    case "cancelled":
      return undefined;
    case "failed":
      return `Sorry, that did not work: ${run.error?.message ?? "the run failed"}`;
    case "max_steps":
      return `${run.output}\n\n(I stopped at my step limit before finishing.)`.trim();
    default:
      return run.output.trim() || "(I finished without anything to say.)";
  }
}

/** What /compact did, from the session's answer. */
export function compactText(outcome: CompactResult): string {
  if (!outcome.ok) {
    if (outcome.code === "not_found") return "There is no conversation to compact yet.";
    return outcome.code === "run_active" ? "I am still working on your last request; try /compact when I have answered." : outcome.message;
  }
  if (!outcome.compacted) return "Nothing to compact: our conversation is still short.";
  return `Compacted: ${outcome.replacedMessages} earlier messages are now a summary (about ${outcome.beforeTokens} → ${outcome.afterTokens} tokens).`;
}
