// Images are read from user items only: an `input_image` in a system, developer or assistant item, or in a
// function_call_output's `output`, is refused (400 unsupported_content naming where it is), never dropped
// while the rest of the request goes on.
import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { PNG_DATA_URL } from "../../support/images";
import { call, uniqueId } from "../../support/worker-http";

const image = { type: "input_image", image_url: PNG_DATA_URL, detail: "auto" };

async function refusal(input: unknown[]): Promise<{ status: number; error: { code: string; param: string; message: string } }> {
  const res = await call("/v1/responses", { method: "POST", json: { model: "study-agent", input } });
  return { status: res.status, error: ((await res.json()) as { error: { code: string; param: string; message: string } }).error };
}

describe("/v1/responses: input_image outside user items", () => {
  it("is refused in system, developer and assistant items and in function_call_output, naming the path; no run starts", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "never asked" }]);
    const question = { role: "user", content: `${marker} what is in the picture?` };
    for (const role of ["system", "developer", "assistant"]) {
      const refused = await refusal([{ role, content: [{ type: "input_text", text: "see this" }, image] }, question]);
      expect(refused).toEqual({
        status: 400,
        error: expect.objectContaining({
          code: "unsupported_content",
          param: "input[0].content",
          message: "input[0].content[1]: input_image is read in user items only.",
        }),
      });
    }
    // A file_id image was never checked there either: refused the same way.
    const fileId = await refusal([question, { role: "assistant", content: [{ type: "input_image", file_id: "file-1" }] }, question]);
    expect(fileId.error).toMatchObject({ code: "unsupported_content", param: "input[1].content" });

    const output = await refusal([
      question,
      { type: "function_call", call_id: "call_1", name: "look", arguments: "{}" },
      { type: "function_call_output", call_id: "call_1", output: [{ type: "input_text", text: "here" }, image] },
      question,
    ]);
    expect(output).toEqual({
      status: 400,
      error: expect.objectContaining({
        code: "unsupported_content",
        param: "input[2].output",
        message: "input[2].output[1]: input_image is read in user items only.",
      }),
    });
    expect((await requests(key)).requests).toHaveLength(0);
  });
});
