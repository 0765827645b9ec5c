// Stands in for the sub-resources the `openai` SDK's chat completions and responses construct (wrangler.toml
// [alias]): the stored messages of a chat completion and the input items of a response, list endpoints the
// Worker never calls (it calls chat.completions.create and responses.create alone, src/agent/providers/).
import { leftOutResource } from "./openai-left-out-resource";

export const Messages = leftOutResource("chat.completions.messages");
export const InputItems = leftOutResource("responses.inputItems");
