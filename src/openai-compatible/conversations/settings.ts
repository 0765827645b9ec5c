// The conversation index's limits (docs/openai-compatible.md#front-ends-conversations): how many turns one
// index (a tenant's, or a tenant's user's) keeps, and how long a conversation no request touched stays findable.
import * as z from "zod";
import { int } from "../../lib/setting-types";
import { settingsLoader } from "../../lib/settings-loader";

export const ConversationSettings = z.object({
  /** Turns one conversation index keeps; past it, the conversations touched longest ago are forgotten first. */
  CONVERSATION_INDEX_MAX_TURNS: int(20_000, 10, 1_000_000),
  /** A conversation no request continued for this long is no longer found by its turns (its session stays). */
  CONVERSATION_INDEX_TTL_MS: int(30 * 86_400_000, 60_000),
});

export const conversationSettings = settingsLoader(ConversationSettings);
