// (f) our harness core (src/agent), non-streaming: see ours-common.ts.
import { benchOurs } from "./ours-common";

await benchOurs(false);
