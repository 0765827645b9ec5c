// A study run's SSE stream carries document.saved with the saved lesson's key, link, title and status, and the
// lesson check's findings (none for a final lesson) in words and by code (typed data channels deliver by, instead
// of reading the text written for the model), and the trace keeps it.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { script } from "../../support/model-control";
import { parseSse } from "../../support/sse-text";
import { studyReplies } from "../../support/study-script";
import { call, uniqueId } from "../../support/worker-http";

describe("document.saved", () => {
  it("is streamed and traced when a study run saves its lesson", async () => {
    const key = uniqueId("saved-event");
    const marker = await script(key, studyReplies(String(env.SEARCH_BASE_URL), "Saved Event Lesson"));
    const sid = uniqueId("learner");
    const res = await call(`/v1/sessions/${sid}/runs`, { method: "POST", json: { input: `${marker} teach me derivatives`, stream: true } });
    const events = parseSse(await res.text());
    const saved = events.filter((e) => e.event === "document.saved");
    expect(saved).toHaveLength(1);
    expect(saved[0]!.data).toEqual({
      key: "saved-event-lesson.md",
      link: "/v1/lessons/saved-event-lesson.md",
      title: "Derivatives",
      status: "final",
      findings: [],
      findingCodes: [],
    });
    // Emitted while save_document ran: before its tool.finished.
    const names = events.map((e) => e.event);
    expect(names.indexOf("document.saved")).toBeLessThan(names.lastIndexOf("tool.finished"));

    const trace = (await (await call(`/v1/sessions/${sid}/events`)).json()) as { events: Array<{ type: string; data: Record<string, unknown> }> };
    expect(trace.events.find((e) => e.type === "document.saved")?.data).toMatchObject({ key: "saved-event-lesson.md", status: "final" });
  });
});
