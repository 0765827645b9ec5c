// The images' settings (docs/api.md#images): whether the models read images at all, how large one may be,
// and how many one message may carry; the same on every way in (the run route, the OpenAI-compatible
// wires, the chats).
import * as z from "zod";
import { bool, int } from "../lib/setting-types";
import { settingsLoader } from "../lib/settings-loader";

export const ImageSettings = z.object({
  /** true: the models read images (photos of homework reach them as image parts); false: images are refused, plainly. */
  MODEL_VISION: bool(false),
  /** Largest image accepted (JPEG, PNG, WebP or GIF, by its bytes), on every way in. */
  MAX_IMAGE_BYTES: int(5 * 1024 * 1024, 1024, 20 * 1024 * 1024),
  /** Images one message may carry. */
  MAX_IMAGES: int(4, 1, 16),
});

export type ImageConfig = z.output<typeof ImageSettings>;

export const imageSettings = settingsLoader(ImageSettings);
