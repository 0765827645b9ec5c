// (f') our harness core (src/agent), streaming (SSE, deltas assembled by model.ts): see ours-common.ts.
import { benchOurs } from "./ours-common";

await benchOurs(true);
