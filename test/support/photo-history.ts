// A conversation as a front end re-sends it: one photo per earlier user message (each answered), then the new
// message. On Chat Completions and on the Responses API, for the tests of how a request's images are counted.
import type OpenAI from "openai";

type ChatMessage = OpenAI.Chat.Completions.ChatCompletionMessageParam;
type ResponsesItem = OpenAI.Responses.ResponseInputItem;

/** Chat Completions: `photos` (data URLs), each in a user message of its own with a question, then `last`. */
export function chatPhotoHistory(photos: readonly string[], last: ChatMessage): ChatMessage[] {
  return [
    ...photos.flatMap((url, i): ChatMessage[] => [
      {
        role: "user",
        content: [
          { type: "text", text: `Is photo ${i} right?` },
          { type: "image_url", image_url: { url } },
        ],
      },
      { role: "assistant", content: `Photo ${i} looks right.` },
    ]),
    last,
  ];
}

/** The Responses API's `input`: the same conversation as chatPhotoHistory, with `input_image` parts. */
export function responsesPhotoHistory(photos: readonly string[], last: ResponsesItem): ResponsesItem[] {
  return [
    ...photos.flatMap((url, i): ResponsesItem[] => [
      {
        role: "user",
        content: [
          { type: "input_text", text: `Is photo ${i} right?` },
          { type: "input_image", image_url: url, detail: "auto" },
        ],
      },
      { role: "assistant", content: `Photo ${i} looks right.` },
    ]),
    last,
  ];
}
