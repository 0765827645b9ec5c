// Stands in for the `openai` client's resource modules in the Worker bundle (wrangler.toml [alias] maps
// the client's own imports of them here). The client constructs every resource it has in its constructor
// and so imports all of them: admin, beta (assistants, threads, agents), vector stores, fine-tuning and the
// rest, with their helpers. The Worker calls only `chat.completions.create` and `responses.create`
// (src/agent/providers/), so Chat and Responses are the real ones and every other resource is a
// placeholder that throws NotBundledError on first use. ~190 KiB minified the Worker does not carry.
import { leftOutResource } from "./openai-left-out-resource";

export { Chat } from "openai/resources/chat/chat";
export { Responses } from "openai/resources/responses/responses";

export const Admin = leftOutResource("admin");
export const Audio = leftOutResource("audio");
export const Batches = leftOutResource("batches");
export const Beta = leftOutResource("beta");
export const Completions = leftOutResource("completions");
export const Containers = leftOutResource("containers");
export const ContentProvenanceChecks = leftOutResource("contentProvenanceChecks");
export const Conversations = leftOutResource("conversations");
export const Decisions = leftOutResource("decisions");
export const Embeddings = leftOutResource("embeddings");
export const Evals = leftOutResource("evals");
export const Files = leftOutResource("files");
export const FineTuning = leftOutResource("fineTuning");
export const Graders = leftOutResource("graders");
export const Images = leftOutResource("images");
export const Live = leftOutResource("live");
export const Models = leftOutResource("models");
export const Moderations = leftOutResource("moderations");
export const Realtime = leftOutResource("realtime");
export const Safety = leftOutResource("safety");
export const Skills = leftOutResource("skills");
export const Uploads = leftOutResource("uploads");
export const VectorStores = leftOutResource("vectorStores");
export const Videos = leftOutResource("videos");
export const Webhooks = leftOutResource("webhooks");
