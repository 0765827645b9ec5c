// Stands in for zod/v3 in the Worker bundle (wrangler.toml [alias]). The MCP SDK's zod-compat builds a v3
// object (`z3rt.object`, its one use of the module) only when every field of a tool's input shape is a v3
// schema; our tools and the SDK's own protocol schemas are zod v4 (`import * as z from "zod"`), so the
// v4 branch always runs. ~53 KiB minified the Worker does not carry.
import { NotBundledError } from "./not-bundled";

export function object(): never {
  throw new NotBundledError("zod v3", 'give the MCP SDK zod v4 schemas (import * as z from "zod")');
}
