// A session's metadata is the caller's JSON, stored and handed back as is: bounded in depth and size
// (METADATA_MAX_DEPTH, METADATA_MAX_BYTES), so a deeply nested document is a 400 here rather than a
// RangeError when it crosses to the session object, and no session carries megabytes of labels.
import { badRequest } from "../http-kit/errors";
import { nestedDeeperThan } from "../lib/json-depth";

export function checkMetadata(metadata: Record<string, unknown>, config: { METADATA_MAX_DEPTH: number; METADATA_MAX_BYTES: number }): void {
  if (nestedDeeperThan(metadata, config.METADATA_MAX_DEPTH)) {
    throw badRequest("metadata_too_deep", `metadata may nest at most METADATA_MAX_DEPTH (${config.METADATA_MAX_DEPTH}) levels of objects and arrays`);
  }
  const bytes = new TextEncoder().encode(JSON.stringify(metadata)).byteLength;
  if (bytes > config.METADATA_MAX_BYTES) {
    throw badRequest("metadata_too_large", `metadata is ${bytes} bytes as JSON; the limit is METADATA_MAX_BYTES (${config.METADATA_MAX_BYTES})`);
  }
}
