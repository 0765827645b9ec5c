// Stands in for ajv-formats in the Worker bundle; see ajv.ts beside it.
import { NotBundledError } from "./not-bundled";

export default function addFormats(): never {
  throw new NotBundledError("ajv-formats", "pass CfWorkerJsonSchemaValidator to the MCP client");
}
