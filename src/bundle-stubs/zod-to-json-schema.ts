// Stands in for zod-to-json-schema in the Worker bundle (wrangler.toml [alias]). The MCP SDK converts a
// schema with it only when the schema is zod v3 (zod-json-schema-compat's v3 branch); ours are zod v4,
// which the SDK converts with zod's own toJSONSchema. See zod-v3.ts beside it. ~21 KiB minified.
import { NotBundledError } from "./not-bundled";

export function zodToJsonSchema(): never {
  throw new NotBundledError("zod-to-json-schema", 'give the MCP SDK zod v4 schemas (import * as z from "zod")');
}
