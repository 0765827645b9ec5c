// The same words with another photo, sent while the first request's run is still going, are not a retry:
// the request starts a run of its own, whose model call sees the new photo, instead of attaching to the
// first run and dropping its image. Checked where a retry is recognized without a key: a chat front end's
// conversation (no X-Session-Id), a named session, and a stateless Responses request (`store: false`).
// The same photo at another detail is another request too. The same photo again (the same bytes, uploaded
// again, at the same detail) is the retry, and attaches.
import { describe, expect, it } from "vitest";
import { requests, script } from "../support/model-control";
import { PNG_DATA_URL, pngOfSize, toDataUrl } from "../support/images";
import { sentWhileTheFirstRuns } from "../support/sent-while-the-first-runs";
import { call, uniqueId } from "../support/worker-http";

const OTHER_PHOTO = toDataUrl(pngOfSize(100));

type Send = (marker: string, photo: string) => Promise<Response>;

const chat = (marker: string, photo: string, headers: Record<string, string> = {}, detail?: string) =>
  call("/v1/chat/completions", {
    method: "POST",
    headers,
    json: {
      model: "study-agent",
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: `${marker} Is my working right?` },
            { type: "image_url", image_url: { url: photo, ...(detail ? { detail } : {}) } },
          ],
        },
      ],
    },
  });

const routes: Array<[string, () => Send]> = [
  ["a chat front end's conversation", () => chat],
  [
    "a named session",
    () => {
      const session = uniqueId("photo-s");
      return (marker, photo) => chat(marker, photo, { "x-session-id": session });
    },
  ],
  [
    "a stateless response",
    () => (marker, photo) =>
      call("/v1/responses", {
        method: "POST",
        json: {
          model: "study-agent",
          store: false,
          input: [
            {
              role: "user",
              content: [
                { type: "input_text", text: `${marker} Is my working right?` },
                { type: "input_image", image_url: photo },
              ],
            },
          ],
        },
      }),
  ],
];

/** The image URLs of the last user message a model call carried. */
const photosSeen = (messages: Array<{ role: string; content?: unknown }>) =>
  (messages.at(-1)!.content as Array<{ type: string; image_url?: { url: string } }>).flatMap((p) => (p.type === "image_url" ? [p.image_url!.url] : []));

describe.concurrent("the same words with another photo while the first run is going", () => {
  for (const [where, route] of routes) {
    it(`start a run of their own (${where})`, { timeout: 30_000 }, async () => {
      const key = uniqueId("photo");
      const marker = await script(key, [{ text: "The first photo: right.", delayMs: 1500 }, { text: "The second photo: check the sign." }]);
      const send = route();
      const [first, second] = await sentWhileTheFirstRuns(
        key,
        () => send(marker, PNG_DATA_URL),
        () => send(marker, OTHER_PHOTO),
      );
      expect(await first.text()).toContain("The first photo: right.");
      expect(await second.text()).toContain("The second photo: check the sign.");
      expect(second.headers.get("idempotent-replayed")).toBeNull();
      expect(first.headers.get("x-run-id")).toBeTruthy();
      expect(second.headers.get("x-run-id")).not.toBe(first.headers.get("x-run-id"));

      const calls = (await requests(key)).requests;
      expect(calls.map((r) => photosSeen(r.messages))).toEqual([[PNG_DATA_URL], [OTHER_PHOTO]]);
    });
  }

  it("the same photo at another detail starts a run of its own, which reads it at that detail", { timeout: 30_000 }, async () => {
    const key = uniqueId("photo");
    const marker = await script(key, [{ text: "At a glance: right.", delayMs: 1500 }, { text: "Up close: check the sign." }]);
    const [first, second] = await sentWhileTheFirstRuns(
      key,
      () => chat(marker, PNG_DATA_URL, {}, "low"),
      () => chat(marker, PNG_DATA_URL, {}, "high"),
    );
    expect(await first.text()).toContain("At a glance: right.");
    expect(await second.text()).toContain("Up close: check the sign.");
    expect(second.headers.get("x-run-id")).not.toBe(first.headers.get("x-run-id"));
    const details = (await requests(key)).requests.map((r) => (r.messages.at(-1)!.content as Array<{ image_url?: { detail?: string } }>)[1]!.image_url!.detail);
    expect(details).toEqual(["low", "high"]);
  });

  it("the same photo again is the retry: it attaches to the first run", { timeout: 30_000 }, async () => {
    const key = uniqueId("photo");
    const marker = await script(key, [{ text: "The first photo: right.", delayMs: 1500 }]);
    const [first, retry] = await sentWhileTheFirstRuns(
      key,
      () => chat(marker, PNG_DATA_URL),
      () => chat(marker, PNG_DATA_URL),
    );
    expect(await retry.text()).toContain("The first photo: right.");
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.headers.get("x-run-id")).toBe(first.headers.get("x-run-id"));
    expect((await requests(key)).requests).toHaveLength(1);
  });
});
