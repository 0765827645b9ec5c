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
