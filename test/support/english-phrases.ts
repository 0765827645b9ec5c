// The English of the phrase books (src/lib/phrase-book.ts), for tests that expect a bot's or a learner's exact
// words: each book's `en` entry, read from its asset under public/i18n/ (the Worker reads the same file
// through ASSETS). One place, so no test keeps a copy of the English.
import chat from "../../public/i18n/chat-phrases.json";
import learner from "../../public/i18n/learner-phrases.json";
import notices from "../../public/i18n/run-notices.json";
import callback from "../../public/i18n/oauth-callback.json";
import consent from "../../public/i18n/mcp-consent.json";
import type { ChatPhrases } from "../../src/platforms/chat-phrases";
import type { LearnerPhrases } from "../../src/lessons/learner-phrases";
import type { RunNoticePhrases } from "../../src/platforms/run-notice-phrases";
import type { CallbackPhrases } from "../../src/mcp/oauth/callback-phrases";
import type { ConsentPhrases } from "../../src/http/mcp-consent";

export const ENGLISH_CHAT_PHRASES: ChatPhrases = chat.en;
export const ENGLISH_PHRASES: LearnerPhrases = learner.en;
export const RUN_NOTICES: RunNoticePhrases = notices.en;
export const ENGLISH_CALLBACK_PHRASES: CallbackPhrases = callback.en;
export const ENGLISH_CONSENT_PHRASES: ConsentPhrases = consent.en;
