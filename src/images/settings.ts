// The images' settings (docs/api.md#images): whether the models read images at all, how large one may be,
// how many one message may carry (and one request, its re-sent history's included), and how many one model
// call shows; the same on every way in (the run route, the OpenAI-compatible wires, the chats).
import * as z from "zod";
import { bool, int, notAbove } from "../lib/setting-types";
import { settingsLoader } from "../lib/settings-loader";

export const ImageSettings = z
  .object({
    /** true: the models read images (photos of homework reach them as image parts); false: images are refused, plainly. */
    MODEL_VISION: bool(false),
    /** Largest image accepted (JPEG, PNG, WebP or GIF, by its bytes), on every way in. */
    MAX_IMAGE_BYTES: int(5 * 1024 * 1024, 1024, 20 * 1024 * 1024),
    /** Images one message may carry (a message's `images`, `image_url`, `input_image` or file parts). */
    MAX_IMAGES: int(4, 1, 16),
    /**
     * Images one request may carry in all, every message it reads counted (a front end's re-sent history too, the
     * same data URL once): each is decoded, hashed and perhaps stored, so this bounds a request's work. At least MAX_IMAGES.
     */
    MAX_REQUEST_IMAGES: int(16, 1, 64),
    /**
     * Images one model call shows: the conversation's most recent; an older one reaches the model as a line
     * naming it. Each shown image is read from R2 and sent whole (base64) with every call of a run.
     */
    MAX_IMAGES_PER_CALL: int(4, 1, 16),
  })
  .superRefine((s, ctx) => {
    const { MAX_IMAGES, MAX_IMAGES_PER_CALL } = s;
    // One message's images are all in its request: a request limit below it was raised to it.
    notAbove(s, ctx, "MAX_IMAGES", "MAX_REQUEST_IMAGES");
    // A message's images go to the model together: a call that showed fewer would hide some of the newest.
    if (MAX_IMAGES_PER_CALL < MAX_IMAGES)
      ctx.addIssue({
        code: "custom",
        path: ["MAX_IMAGES_PER_CALL"],
        message: `must be at least MAX_IMAGES (${MAX_IMAGES}): a message's images are shown together`,
      });
  });

export type ImageConfig = z.output<typeof ImageSettings>;

export const imageSettings = settingsLoader(ImageSettings);
