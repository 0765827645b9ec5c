// A model that is shown the conversation's images: before each call their bytes are read from the store
// (by key, in the session's owner's folder) and handed to the provider as data URLs for that call only
// (ModelRequest.images); the history and the trace keep just the keys. An image no longer in the store
// reaches the model as a line saying it cannot be shown; one call reads MAX_IMAGES_PER_CALL images at most.
import { imagesOf, type ImageRef, type ModelClient } from "../agent";
import type { Tenant } from "../lib/tenant";
import { dataUrl, readImage, type ImageBucket } from "./image-store";

/** An image's data URL, or null when it cannot be read. */
export type ImageLoader = (ref: ImageRef) => Promise<string | null>;

/**
 * Reads the images of a session owned by `owner` for a run started by `runner`. The admin's run in a
 * tenant's session (the only run whose starter is not the owner) also reads the admin's own folder: images
 * the admin sent there on a way in that stores by caller, or before images went to the session's owner.
 */
export function imageLoader(bucket: ImageBucket, owner: Tenant, runner: Tenant): ImageLoader {
  const folders = runner === owner ? [owner] : [owner, runner];
  return async (ref) => {
    for (const tenant of folders) {
      const image = await readImage(bucket, tenant, ref.key);
      if (image) return dataUrl(image);
    }
    return null;
  };
}

/**
 * The model shown the images: at most `maxPerCall` a call, the most recent (MAX_IMAGES_PER_CALL; the run's
 * context view shows no more, this holds every call to it); each image is read once per run (a model
 * client lives for one run).
 */
export function withImages(model: ModelClient, read: ImageLoader, maxPerCall: number): ModelClient {
  const seen = new Map<string, Promise<string | null>>();
  const load = (ref: ImageRef) => {
    let url = seen.get(ref.key);
    if (!url) seen.set(ref.key, (url = read(ref)));
    return url;
  };
  return {
    model: model.model,
    ...(model.purpose ? { purpose: model.purpose } : {}),
    async complete(req) {
      const refs = imagesOf(req.messages).slice(-maxPerCall);
      if (!refs.length) return model.complete(req);
      const images = new Map<string, string>();
      for (const ref of refs) {
        const url = await load(ref);
        if (url) images.set(ref.key, url);
      }
      return model.complete({ ...req, images });
    },
  };
}
