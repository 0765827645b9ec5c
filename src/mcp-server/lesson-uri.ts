// A lesson as an MCP resource: lesson://<key>, behind the template lesson://{key}.
import { UriTemplate } from "@modelcontextprotocol/sdk/shared/uriTemplate.js";

/**
 * lesson://{key}, matching every lesson: URI: the SDK answers one its template does not match (lesson://a/b.md,
 * lesson:x.md) -32602, so it goes to the lesson's read callback too, with no key, which answers not found (-32002).
 */
export class LessonUriTemplate extends UriTemplate {
  constructor() {
    super("lesson://{key}");
  }

  override match(uri: string) {
    return super.match(uri) ?? (uri.startsWith("lesson:") ? { key: "" } : null);
  }
}

export const lessonUri = (key: string) => `lesson://${key}`;

/** The MCP spec's code for a resource that does not exist. */
export const RESOURCE_NOT_FOUND = -32002;
