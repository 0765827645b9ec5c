// Stands in for the `openai` SDK's list pages in the Worker bundle (wrangler.toml [alias]). Only list
// endpoints page (client.getAPIList, chat.completions.list, responses.inputItems.list); the Worker calls
// chat.completions.create and responses.create alone (src/agent/providers/), so every page class is a
// placeholder that throws NotBundledError if one is ever made.
import { NotBundledError } from "./not-bundled";

function leftOut(name: string) {
  return class {
    constructor() {
      throw new NotBundledError(
        `openai's ${name} (a list endpoint's page)`,
        "the Worker calls only chat.completions.create and responses.create (src/bundle-stubs/openai-pagination.ts)",
      );
    }
  };
}

export const AbstractPage = leftOut("AbstractPage");
export const PagePromise = leftOut("PagePromise");
export const Page = leftOut("Page");
export const CursorPage = leftOut("CursorPage");
export const ConversationCursorPage = leftOut("ConversationCursorPage");
export const NextCursorPage = leftOut("NextCursorPage");
export const TokenPage = leftOut("TokenPage");
