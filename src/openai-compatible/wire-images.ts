// The image parts of each OpenAI-compatible wire, read the same way: Chat Completions `image_url`
// (`{url, detail}` or a string), Responses `input_image` (`image_url`, `detail`), and the AI SDK's UI file
// parts (`{type: "file", mediaType: "image/…", url}`, which have no detail). Each becomes an image URL with the
// part it came from and its message, a Responses one with its detail too (fromWire reads a Chat part's, which
// chat-message-parts.ts checks); checkWireImages (src/images/image-url.ts) then checks them, or refuses with a
// 4xx naming the part (or the message over MAX_IMAGES) as `param`. A part this server cannot take (a Responses
// `file_id`, a UI file that is not an image) is refused.
import * as z from "zod";
import { IMAGE_DETAILS, wireImageParts, type ImageDetail } from "../agent";
import { checkImageUrls, type CheckedImages, type ImageUrl } from "../images/image-url";
import { ImageError } from "../images/image-errors";
import { ParamError } from "./openai-errors";

/** An image part's `detail`, as both OpenAI wires spell it. */
export const WireImageDetail = z.enum(IMAGE_DETAILS).nullish();

export interface WireImage extends ImageUrl {
  detail?: ImageDetail;
}

/** An image as a data URL, or a 400 naming `param`: the server does not fetch images from the web. */
function dataUrlAt(url: string, field: string, message: string, param = message): WireImage {
  if (!url.startsWith("data:"))
    throw new ParamError(
      "unsupported_content",
      `${param}: send images as base64 data URLs (data:image/png;base64,…); this server does not fetch them from the web.`,
      param,
    );
  return { url, field, message };
}

/** Chat Completions: the `image_url` parts of the user messages. */
export const chatImages = (messages: readonly { role: string; content?: unknown }[]): WireImage[] =>
  messages.flatMap((m, i) =>
    m.role !== "user" || !Array.isArray(m.content)
      ? []
      : m.content.flatMap((p, k) => wireImageParts([p]).map(({ url }) => dataUrlAt(url, `messages[${i}].content[${k}]`, `messages[${i}].content`))),
  );

/** A wire's images checked (checkImageUrls); a refusal is OpenAI's error, with the part or message it names as `param`. */
export async function checkWireImages(...args: Parameters<typeof checkImageUrls>): Promise<CheckedImages> {
  try {
    return await checkImageUrls(...args);
  } catch (err) {
    if (err instanceof ImageError) throw new ParamError(err.code, err.message, err.field);
    throw err;
  }
}

type Part = { type: string; [k: string]: unknown };

/** Responses: the `input_image` parts of one input item's content. */
export function responsesImages(content: unknown, i: number): WireImage[] {
  if (!Array.isArray(content)) return [];
  return (content as Part[]).flatMap((p, k) => {
    if (p.type !== "input_image") return [];
    const param = `input[${i}].content`;
    if (typeof p.image_url !== "string")
      throw new ParamError("unsupported_content", `${param}[${k}]: send the image as image_url (a data URL); file_id is not supported.`, param);
    const detail = WireImageDetail.safeParse(p.detail);
    if (!detail.success) {
      const field = `${param}[${k}].detail`;
      throw new ParamError("invalid_request", `${field}: ${detail.error.issues[0]!.message}`, field);
    }
    return [{ ...dataUrlAt(p.image_url, `${param}[${k}]`, param), ...(detail.data ? { detail: detail.data } : {}) }];
  });
}

/** The AI SDK's UI message `messages[at]`: its file parts, which must be images. */
export function uiImages(parts: readonly Part[], at: number): WireImage[] {
  return parts.flatMap((p, k) => {
    if (p.type !== "file") return [];
    const field = `messages[${at}].parts[${k}]`;
    if (typeof p.url !== "string" || typeof p.mediaType !== "string" || !p.mediaType.startsWith("image/"))
      throw new ParamError("unsupported_image", `${field}: only image files (JPEG, PNG, WebP, GIF) are read.`, field);
    return [dataUrlAt(p.url, field, `messages[${at}].parts`, field)];
  });
}
