// The refusals of an image, the same on every way in (docs/api.md#images): nothing is stored for any of them.
import { HttpError } from "../lib/http-error";

export const imageTooLarge = (bytes: number, max: number) => new HttpError("image_too_large", `The image has ${bytes} bytes; MAX_IMAGE_BYTES allows ${max}.`);

export const notAnImage = () => new HttpError("unsupported_image", "The file is not a JPEG, PNG, WebP or GIF image (judged by its bytes).");

export const tooManyImages = (max: number) => new HttpError("too_many_images", `A message may carry at most MAX_IMAGES (${max}) images.`);

/** MODEL_VISION is off: the model could not see the image, so it is refused rather than silently dropped. */
export const visionUnavailable = () =>
  new HttpError(
    "vision_unavailable",
    "This deployment's model cannot read images (MODEL_VISION is off); describe the problem in words, or ask the operator to enable a vision model.",
  );

/** What a chat says instead of the HTTP errors above. */
export const CHAT_IMAGE_REPLIES = {
  vision: "I cannot see images here: this tutor's model does not read them. Please type the problem out, and I will help.",
  tooLarge: (max: number) => `That image is too large for me (more than ${Math.floor(max / 1024 / 1024)} MB). Please send a smaller photo.`,
  notAnImage: "I can read photos and images (JPEG, PNG, WebP, GIF), but that file is not one.",
};
