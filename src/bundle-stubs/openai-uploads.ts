// Stands in for the `openai` SDK's file uploads in the Worker bundle (wrangler.toml [alias]): multipart
// bodies and `toFile`, which only the upload endpoints use (files, audio, images: resources the bundle
// already leaves out, openai-resources.ts). The client finalizes a multipart body only for a request those
// endpoints mark; the Worker's chat and responses calls send JSON, so every entry here is refused by name.
import { NotBundledError } from "./not-bundled";

const leftOut = (): never => {
  throw new NotBundledError("openai's file uploads", "the Worker sends JSON bodies to chat and responses (src/bundle-stubs/openai-uploads.ts)");
};

export const toFile = leftOut;
export const toStreamingFile = leftOut;
export const hasUploadableValue = leftOut;
export const maybeMultipartFormRequestOptions = leftOut;
export const finalizeStreamingFormRequestOptions = leftOut;
