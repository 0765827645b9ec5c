// A client's JSON Schema (a response format's, a client tool's parameters or inputSchema) is bounded in depth
// (JSON_SCHEMA_MAX_DEPTH) before anything walks it: the schema check, the run's storage and the RPC that
// carries it to the session all recurse, and a schema nested thousands deep would be a stack overflow (a 500).
import { nestedDeeperThan } from "../lib/json-depth";
import { ParamError } from "./openai-errors";

/** A 400 naming `param` when `schema` nests deeper than `maxDepth` (JSON_SCHEMA_MAX_DEPTH) levels of objects and arrays. */
export function refuseDeepSchema(schema: unknown, param: string, maxDepth: number): void {
  if (nestedDeeperThan(schema, maxDepth))
    throw new ParamError("invalid_request", `${param} is nested deeper than JSON_SCHEMA_MAX_DEPTH (${maxDepth}) levels of objects and arrays.`, param);
}
