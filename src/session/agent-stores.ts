// The session's Durable Object storage seen through the stores the harness core asks for: the todo
// list, the whole outputs behind truncated tool results, and the compaction overlay.
import type { CompactionStore, TodoStore, ToolOutputStore } from "../agent";
import type { SessionStore } from "./session-store";

export interface AgentStores {
  todos: TodoStore;
  outputs: ToolOutputStore;
  compactions: CompactionStore;
}

export function sessionAgentStores(store: SessionStore, runId: string): AgentStores {
  return {
    todos: { load: () => store.todos(), save: (todos) => store.setTodos(todos) },
    outputs: { put: (id, content) => store.putToolOutput(id, runId, content), get: (id) => store.toolOutput(id) },
    compactions: { latest: () => store.latestCompaction(), save: (c) => store.saveCompaction(c, runId) },
  };
}
