// The refusals of an image, the same on every way in (docs/api.md#images): nothing is stored for any of them.
// Each names the field it refuses (`images[0]`, `messages[2].content[1]`, …) when the way in has one, so a
// caller with several photos knows which one; the OpenAI-compatible wires report it as `param` too.
import type { ErrorCode } from "../lib/error-codes";
import { HttpError } from "../lib/http-error";

/** An image refused, with the request field it names (null where there is none: a bot's photo). */
export class ImageError extends HttpError {
  constructor(
    code: ErrorCode,
    message: string,
    readonly field: string | null,
  ) {
    super(code, message);
  }
}

/** `text` led by the field it is about: "messages[2].content[1]: the image has…". */
const at = (field: string | undefined, text: string) => (field ? `${field}: ${text[0]!.toLowerCase()}${text.slice(1)}` : text);

export const imageTooLarge = (bytes: number, max: number, field?: string) =>
  new ImageError("image_too_large", at(field, `The image has ${bytes} bytes; MAX_IMAGE_BYTES allows ${max}.`), field ?? null);

export const notAnImage = (field?: string) =>
  new ImageError("unsupported_image", at(field, "The file is not a JPEG, PNG, WebP or GIF image (judged by its bytes)."), field ?? null);

/** One message's images over MAX_IMAGES; `field` names that message. */
export const tooManyImages = (max: number, count: number, field: string) =>
  new ImageError("too_many_images", `${field}: a message may carry at most MAX_IMAGES (${max}) images; this one has ${count}.`, field);

/**
 * A request's images in all over MAX_REQUEST_IMAGES: every message it reads counts, so a front end's re-sent
 * history does too. `field` names where they come in; `hint` says how this way in sends fewer.
 */
export const tooManyRequestImages = (max: number, count: number, field: string, hint: string) =>
  new ImageError(
    "too_many_images",
    `${field}: a request may carry at most MAX_REQUEST_IMAGES (${max}) images in all, its earlier messages' included (the same data URL counted once); this one has ${count}. ${hint}`,
    field,
  );

/** MODEL_VISION is off: the model could not see the image, so it is refused rather than silently dropped. */
export const visionUnavailable = (field?: string) =>
  new ImageError(
    "vision_unavailable",
    at(field, "This deployment's model cannot read images (MODEL_VISION is off); describe the problem in words, or ask the operator to enable a vision model."),
    field ?? null,
  );

/** An image URL this server does not take (not a base64 data URL, or undecodable base64). */
export const invalidImageUrl = (field: string, text: string) => new ImageError("invalid_image_url", `${field} ${text}`, field);
