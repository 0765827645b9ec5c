// An MCP server's form as a Telegram chat's ChatObject keeps it while it asks (chat-input-store.ts), for tests
// of what the chat does with a reply: a paused job of session `sessionId` (run `runId`), and question `inputId`'s
// form with its first field asked, as if the run had paused for it.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { ChatInputStore } from "../../src/channels/chat-input-store";
import { ChatStore } from "../../src/channels/chat-store";
import { uniqueId } from "./worker-http";

export interface PlantedForm {
  sessionId: string;
  runId: string;
  inputId: string;
  server: string;
  requestedSchema: Record<string, unknown>;
}

export async function formAskedInChat(chat: number, form: PlantedForm): Promise<void> {
  await runInDurableObject(env.CHATS.getByName(`telegram:${chat}`), (_o, state) => {
    const jobs = new ChatStore(state.storage.sql);
    const seq = jobs.insert(uniqueId("delivery"), { platform: "telegram" as const, chatId: chat, text: "sign me up" })!;
    jobs.markRunning(seq, form.sessionId, form.runId);
    jobs.pause(seq, 0, Date.now() + 600_000);
    new ChatInputStore(state.storage.sql).add({
      inputId: form.inputId,
      seq,
      sessionId: form.sessionId,
      server: form.server,
      message: "Tell me about you.",
      requestedSchema: form.requestedSchema,
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
      progress: { field: 0, values: {} },
      target: { platform: "telegram", chatId: chat },
    });
  });
}
