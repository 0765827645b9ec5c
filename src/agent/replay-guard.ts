// The replay rule of a run that recovers from a crash: a call that was under way when the process died
// may have done its work, so it runs again only if its tool is replay-safe; the model is told the rest.
import type { Hooks } from "./hooks";
import { unansweredCalls } from "./loop";
import type { Message } from "./messages";

/** A hook for a recovering run: `history` is the stored conversation the run resumes from. */
export function replayGuard(history: readonly Message[]): Hooks {
  const interrupted = new Set(unansweredCalls(history).map((c) => c.id));
  return {
    name: "replay-guard",
    trusted: true,
    beforeToolCall({ callId, tool, followed }) {
      // Judged once, at the call itself: a later call reusing its id (replies numbered from call_0 again) was never interrupted.
      if (followed || !interrupted.delete(callId) || tool.replaySafe) return;
      return {
        action: "block",
        reason: `This call to ${tool.name} was interrupted by a restart and was not run again, because it may have completed. Check its effect before retrying.`,
      };
    },
  };
}
