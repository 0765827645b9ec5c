// The AI SDK sends the whole conversation on every request, re-encoding each image it holds as a new data
// URL. The same bytes are the same image (stored under their content's hash), so the next turn of a
// conversation with a photo in it continues that conversation's session: the model sees the photo once,
// in its place, and the agent's earlier reply, not a new conversation seeded from the request.
import { createOpenAI } from "@ai-sdk/openai";
import { generateText, type ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { PNG_BYTES, PNG_DATA_URL } from "../../support/images";
import { BASE, uniqueId, workerFetch } from "../../support/worker-http";

describe("a conversation with a photo in it, sent whole again", () => {
  it("AI SDK generateText, two turns: the second continues the first one's session", async () => {
    const key = uniqueId("resend-img");
    const marker = await script(key, [{ text: "The first step is right." }, { text: "Step two is right too." }]);
    const model = createOpenAI({ baseURL: `${BASE}/v1`, apiKey: "unused", fetch: workerFetch }).chat("study-agent");

    const messages: ModelMessage[] = [
      {
        role: "user",
        content: [
          { type: "text", text: `${marker} Is my working right?` },
          { type: "image", image: PNG_BYTES, mediaType: "image/png" },
        ],
      },
    ];
    const first = await generateText({ model, messages });
    expect(first.text).toBe("The first step is right.");
    messages.push({ role: "assistant", content: first.text }, { role: "user", content: "And step two?" });
    const second = await generateText({ model, messages });
    expect(second.text).toBe("Step two is right too.");
    expect(second.response.headers?.["x-session-id"]).toBe(first.response.headers?.["x-session-id"]);

    const last = (await requests(key)).requests[1]!.messages.filter((m) => m.role !== "system");
    expect(last.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
    const images = (last[0]!.content as Array<{ type: string; image_url?: { url: string } }>).filter((p) => p.type === "image_url");
    expect(images).toEqual([{ type: "image_url", image_url: { url: PNG_DATA_URL } }]);
  });
});
