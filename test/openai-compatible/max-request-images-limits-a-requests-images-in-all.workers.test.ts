// A request's images in all are limited by their own setting, MAX_REQUEST_IMAGES (each is decoded, hashed and
// perhaps stored), not by MAX_IMAGES: past it the refusal is 400 too_many_images naming the whole (`messages`,
// `input`), saying which limit it is and how to send fewer. The same photo re-sent in several messages is one
// image. Here MAX_IMAGES is 1 and MAX_REQUEST_IMAGES 2.
import { describe, expect, it } from "vitest";
import { script } from "../support/model-control";
import { toDataUrl, uniquePng } from "../support/images";
import { agentClient, apiError } from "../support/openai-client";
import { chatPhotoHistory, responsesPhotoHistory } from "../support/photo-history";
import { uniqueId } from "../support/worker-http";

const client = () => agentClient({ vars: { MAX_IMAGES: "1", MAX_REQUEST_IMAGES: "2" } });
const photos = (n: number) => Array.from({ length: n }, () => toDataUrl(uniquePng()));

describe("MAX_REQUEST_IMAGES", () => {
  it("Chat Completions: three photos in three messages are 400 naming messages, one photo re-sent three times is answered", async () => {
    const e = await apiError(
      client().chat.completions.create({ model: "study-agent", messages: chatPhotoHistory(photos(3), { role: "user", content: "And now?" }) }),
    );
    expect(e).toMatchObject({ status: 400, code: "too_many_images", param: "messages" });
    expect(e.message).toContain("MAX_REQUEST_IMAGES (2)");
    expect(e.message).toContain("this one has 3");
    expect(e.message).toContain("X-Session-Id");

    const marker = await script(uniqueId("req-total-cc"), [{ text: "Same photo, same answer." }]);
    const same = toDataUrl(uniquePng());
    const completion = await client().chat.completions.create({
      model: "study-agent",
      messages: chatPhotoHistory([same, same, same], { role: "user", content: `${marker} And now?` }),
    });
    expect(completion.choices[0]!.message.content).toBe("Same photo, same answer.");
  });

  it("Responses: three photos in three items are 400 naming input", async () => {
    const e = await apiError(
      client().responses.create({ model: "study-agent", store: false, input: responsesPhotoHistory(photos(3), { role: "user", content: "And now?" }) }),
    );
    expect(e).toMatchObject({ status: 400, code: "too_many_images", param: "input" });
    expect(e.message).toContain("MAX_REQUEST_IMAGES (2)");
    expect(e.message).toContain("previous_response_id");
  });
});
