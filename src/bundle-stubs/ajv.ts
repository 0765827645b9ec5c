// Stands in for ajv in the Worker bundle (wrangler.toml [alias]). The MCP SDK imports ajv for its
// default validator, which workerd cannot run anyway (it compiles schemas to code with new Function);
// we always pass CfWorkerJsonSchemaValidator, so ajv is never constructed. ~139 KiB the Worker does not carry.
import { NotBundledError } from "./not-bundled";

export default class Ajv {
  constructor() {
    throw new NotBundledError("ajv", "pass CfWorkerJsonSchemaValidator to the MCP client");
  }
}
