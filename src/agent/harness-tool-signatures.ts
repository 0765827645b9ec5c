// The harness's own tools that a run's permission policy judges: todo_write, read_tool_output, task,
// tool_search (added once tools are deferred) and react's think and finish (REACT_THINK_FINISH). The
// plan-and-solve `plan` tool and the critic's `approve`/`revise` are left out: no tool-call hook sees them.
import { READ_TOOL_OUTPUT_SIGNATURE } from "./context/read-tool-output";
import { FINISH_SIGNATURE, THINK_SIGNATURE } from "./paradigms/react";
import { TASK_SIGNATURE } from "./subagents";
import { TODO_WRITE_SIGNATURE } from "./todo";
import { TOOL_SEARCH_SIGNATURE } from "./tool-search";
import type { ToolSignature } from "./tools";

export const HARNESS_TOOL_SIGNATURES: readonly ToolSignature[] = [
  TODO_WRITE_SIGNATURE,
  READ_TOOL_OUTPUT_SIGNATURE,
  TASK_SIGNATURE,
  TOOL_SEARCH_SIGNATURE,
  THINK_SIGNATURE,
  FINISH_SIGNATURE,
];
