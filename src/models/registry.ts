// The model providers a deployment can choose with MODEL_API, by name: a new one is its folder here and
// one line below (docs/harness.md, "Add a model provider"). The first is the default.
import type { ModelProvider } from "./model-provider";
import { openAIChatProvider } from "./openai/chat-completions";
import { openAIResponsesProvider } from "./openai/responses";

export const MODEL_PROVIDERS: readonly [ModelProvider, ...ModelProvider[]] = [openAIChatProvider, openAIResponsesProvider];
