// Stands in for the MCP SDK's experimental tasks API in the Worker bundle (wrangler.toml [alias] maps the
// Client's, Server's and McpServer's imports of it here). They make it only when `.experimental.tasks` is
// read, which the Worker never does: its MCP server declares no tasks capability (src/mcp-server/
// task-augmentation.ts) and its client calls tools plainly. The capability checks the SDK runs on every
// request (experimental/tasks/helpers.js) stay the SDK's own.
import { NotBundledError } from "./not-bundled";

function leftOut(name: string) {
  return class {
    constructor() {
      throw new NotBundledError(`the MCP SDK's ${name} (experimental tasks)`, "the Worker uses no MCP tasks (src/bundle-stubs/mcp-experimental-tasks.ts)");
    }
  };
}

export const ExperimentalClientTasks = leftOut("ExperimentalClientTasks");
export const ExperimentalServerTasks = leftOut("ExperimentalServerTasks");
export const ExperimentalMcpServerTasks = leftOut("ExperimentalMcpServerTasks");
