// MAX_IMAGES limits a message, not a conversation. A front end (Open WebUI, LibreChat, the `openai` client with
// its history) re-sends the whole conversation on every turn, photos included: after a learner's fifth photo,
// one per message, the next turn (a text-only question) is answered, on Chat Completions and on the Responses
// API, not refused with too_many_images.
import { describe, expect, it } from "vitest";
import { script } from "../support/model-control";
import { toDataUrl, uniquePng } from "../support/images";
import { agentClient } from "../support/openai-client";
import { chatPhotoHistory, responsesPhotoHistory } from "../support/photo-history";
import { uniqueId } from "../support/worker-http";

const fivePhotos = () => Array.from({ length: 5 }, () => toDataUrl(uniquePng()));

describe("a re-sent history with more photos in all than MAX_IMAGES (4)", () => {
  it("Chat Completions: the text-only turn after five photos is answered", async () => {
    const marker = await script(uniqueId("resent-5-cc"), [{ text: "All five steps are right." }]);
    const completion = await agentClient().chat.completions.create({
      model: "study-agent",
      messages: chatPhotoHistory(fivePhotos(), { role: "user", content: `${marker} And what should I do next?` }),
    });
    expect(completion.choices[0]!.message.content).toBe("All five steps are right.");
  });

  it("Responses (store: false, the whole history in input): the text-only turn after five photos is answered", async () => {
    const marker = await script(uniqueId("resent-5-resp"), [{ text: "All five steps are right." }]);
    const response = await agentClient().responses.create({
      model: "study-agent",
      store: false,
      input: responsesPhotoHistory(fivePhotos(), { role: "user", content: `${marker} And what should I do next?` }),
    });
    expect(response.output_text).toBe("All five steps are right.");
  });
});
