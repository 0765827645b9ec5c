// Stands in for the `openai` SDK's URL path template in the Worker bundle (wrangler.toml [alias] maps the chat
// completions and responses resources' imports of it here). It builds the path of a call on one stored
// object (`retrieve`, `update`, `delete`, `cancel`: /responses/{id}, /chat/completions/{id}); the Worker
// calls only `create`, whose path is fixed (src/agent/providers/).
import { NotBundledError } from "./not-bundled";

export const path = (): never => {
  throw new NotBundledError(
    "openai's calls on a stored response or completion (retrieve, update, delete, cancel)",
    "call create() (src/bundle-stubs/openai-path.ts)",
  );
};
