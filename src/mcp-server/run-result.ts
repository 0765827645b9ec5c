// A study or ask run's outcome as a tool result: the agent's answer, the lessons it saved (links and
// resource links), or why it stopped. A failed run says why with the run-notice phrase of its code (the
// words the bots and the web page say, run-notices.json), in the language the call named (study's
// `language`), not with the developer's English message; the code follows for the host. A code without a
// phrase is said, as the bots say it, with errorCode in that language (a call that names none gets the
// message). The lines that tell the host model what to do next (a route to post, the session to pass) are English.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { Env } from "../env";
import { languageTag } from "../lib/phrase-book";
import { VOCABULARIES } from "../lessons/vocabulary";
import { codedReasonText, failureWords, noticeText, runNoticePhrases } from "../platforms/run-notice-phrases";
import type { RunView } from "../session/runs/run-views";
import type { RunQuestion } from "./forward-question";
import { describeFields } from "../openai-compatible/progress-lines";
import { lessonUri } from "./lesson-uri";
import { savedLine, type SavedLesson } from "./study-progress";

export interface RunOutcome {
  sessionId: string;
  /** The call named no session, so the result names the one it started. */
  started: boolean;
  run: RunView;
  saved: SavedLesson[];
  question?: RunQuestion;
  /** The server whose question the client was asked and left unanswered until it expired. */
  expired?: string;
}

/** A lesson language named by its tag ("es-MX") or its name in any lesson language ("Español", "Spanish", "espagnol"). */
export function languageNamed(name: string | undefined): string | undefined {
  const wanted = name?.trim().toLowerCase();
  const named = (tag: string) => VOCABULARIES.some((v) => new Intl.DisplayNames(v.language, { type: "language" }).of(tag)?.toLowerCase() === wanted);
  return wanted ? VOCABULARIES.find((v) => v.language === languageTag(wanted) || named(v.language))?.language : undefined;
}

/** `origin`: where the Worker is reached, for absolute links; `language`: the one the call named, if any. */
export async function runResult(o: RunOutcome, env: Env, origin: string, language?: string): Promise<CallToolResult> {
  const { run, sessionId, question } = o;
  const absolute = (path: string) => new URL(path, origin).toString();
  const lessons = o.saved.map((l) => ({ ...l, url: absolute(l.link), uri: lessonUri(l.key) }));
  const asked =
    run.status === "awaiting_input" && question ? { ...question, url: absolute(`/v1/sessions/${sessionId}/inputs/${question.inputId}`) } : undefined;
  // The question whole (its form's schema too), for a host that reads structuredContent.
  const structuredContent = { sessionId, runId: run.runId, status: run.status, summary: run.output, lessons, ...(asked ? { question: asked } : {}) };
  if (run.status === "failed") {
    const error = run.error ?? { code: "internal_error" };
    const named = languageNamed(language);
    const text = named
      ? // The tag itself when it is one (zh-TW keeps its script); a name ("Español") is its vocabulary's language.
        codedReasonText(error, await failureWords(env.ASSETS, named === languageTag(language) ? language : named))
      : `${noticeText(error, await runNoticePhrases(env.ASSETS, undefined))} (${error.code})`;
    return { isError: true, content: [{ type: "text", text }], structuredContent: { ...structuredContent, error } };
  }
  const lines = [run.output || "(no answer)"];
  // Every call the run waits for, each with its own route: the run goes on once all are decided.
  const approvals = run.status === "awaiting_approval" ? (run.pending ?? []).flatMap((p) => ("approvalId" in p ? [p] : [])) : [];
  if (approvals.length) {
    lines.push(
      `\nThe run is waiting for a person to approve ${approvals.length > 1 ? `${approvals.length} calls; it goes on once each is decided` : "a call"}. POST {"decision":"allow"|"deny"} to:`,
      ...approvals.map((a) => `- ${a.name}: ${absolute(`/v1/sessions/${sessionId}/approvals/${a.approvalId}`)}`),
    );
  } else if (asked) {
    const fields = describeFields(asked.requestedSchema);
    lines.push(
      `\nThe run is waiting for an answer to ${asked.server}'s question ("${asked.message}")${fields ? `, a form with the fields ${fields} (* required)` : ""}: POST ${asked.url} with {"action":"accept","content":{…}} (or "decline", "cancel").`,
    );
  } else if (run.status !== "completed") lines.push(`\nThe run ended with status ${run.status}.`);
  if (o.expired) lines.push(`\n(${o.expired}'s question expired unanswered.)`);
  for (const l of lessons) lines.push(`\n${savedLine(l)} — ${l.url}`);
  // In the text too: many hosts show the model a result's text and not its structuredContent.
  if (o.started) lines.push(`\n(Session ${sessionId}: pass it as sessionId to continue this conversation.)`);
  return {
    content: [
      { type: "text", text: lines.join("\n") },
      ...lessons.map((l) => ({ type: "resource_link" as const, uri: l.uri, name: l.key, title: l.title ?? l.key, mimeType: "text/markdown" })),
    ],
    structuredContent,
  };
}
