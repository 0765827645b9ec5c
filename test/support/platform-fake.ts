// A fake of the Telegram Bot API and the Slack Web API: a real HTTP server that records every call
// and answers like the platform does, so the bots and course deliveries run unchanged against it.
//   Telegram: POST /telegram/bot<token>/<method> (JSON or multipart, like the real API); a call without
//             chat_id (answerCallbackQuery) is filed under its callback_query_id
//   Slack:    POST /slack/api/<method> (JSON, bot token as Bearer)
// Control API for tests inside workerd (test/support/platform-control.ts):
//   GET  /__calls?platform=telegram&target=<chat id or channel>  the recorded calls, oldest first
//   POST /__fail {platform, target, times}  the next `times` calls for that target fail
import type { IncomingMessage, ServerResponse } from "node:http";
import { listenLocal, type LocalServer } from "./local-server";

export interface PlatformCall {
  platform: "telegram" | "slack";
  method: string;
  /** The chat id (Telegram; answerCallbackQuery: the callback query id) or channel (Slack) the call addressed, as a string. */
  target: string;
  body: Record<string, unknown>;
  /** Telegram: the token in the path; Slack: the Authorization header. */
  credential: string;
  at: number;
}

interface Failure {
  platform: string;
  target: string;
  times: number;
}

export class PlatformFake {
  private local: LocalServer | undefined;
  private calls: PlatformCall[] = [];
  private failures: Failure[] = [];
  private ts = 0;

  async listen(port = 0): Promise<number> {
    this.local = await listenLocal((req, res) => void this.handle(req, res).catch((e) => json(res, 500, { error: String(e) })), port);
    return this.local.port;
  }

  /** The calls recorded for a chat id or channel, oldest first (what GET /__calls answers). */
  recorded(platform: PlatformCall["platform"], target: string | number): PlatformCall[] {
    return this.calls.filter((c) => c.platform === platform && c.target === String(target));
  }

  /** The texts the bot sent to a chat or channel, oldest first. */
  sentTexts(platform: PlatformCall["platform"], target: string | number): string[] {
    const send = platform === "telegram" ? "sendMessage" : "chat.postMessage";
    return this.recorded(platform, target)
      .filter((c) => c.method === send)
      .map((c) => String(c.body.text));
  }

  async close(): Promise<void> {
    await this.local?.close();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://x");
    const raw = await readBody(req);
    if (url.pathname === "/__calls") {
      const platform = url.searchParams.get("platform");
      const target = url.searchParams.get("target");
      return json(res, 200, { calls: this.calls.filter((c) => c.platform === platform && c.target === target) });
    }
    if (url.pathname === "/__fail") {
      this.failures.push(JSON.parse(raw.toString("utf8")) as Failure);
      return json(res, 200, { ok: true });
    }
    const telegram = /^\/telegram\/bot([^/]+)\/(\w+)$/.exec(url.pathname);
    if (telegram) {
      const body = await parseBody(req, raw);
      const target = String(body.chat_id ?? body.callback_query_id ?? "");
      this.calls.push({ platform: "telegram", method: telegram[2]!, target, body, credential: telegram[1]!, at: Date.now() });
      if (this.takeFailure("telegram", target)) return json(res, 500, { ok: false, error_code: 500, description: "Internal Server Error: scripted failure" });
      return json(res, 200, {
        ok: true,
        result: telegram[2] === "sendChatAction" ? true : { message_id: this.calls.length, chat: { id: Number(target) }, date: 0 },
      });
    }
    const slack = /^\/slack\/api\/([\w.]+)$/.exec(url.pathname);
    if (slack) {
      const body = await parseBody(req, raw);
      const target = String(body.channel ?? "");
      this.calls.push({ platform: "slack", method: slack[1]!, target, body, credential: String(req.headers.authorization ?? ""), at: Date.now() });
      if (this.takeFailure("slack", target)) return json(res, 200, { ok: false, error: "fatal_error" });
      return json(res, 200, { ok: true, channel: target, ts: `1700000000.${String(++this.ts).padStart(6, "0")}` });
    }
    json(res, 404, { ok: false, error: "unknown_method" });
  }

  private takeFailure(platform: string, target: string): boolean {
    const f = this.failures.find((x) => x.platform === platform && x.target === target && x.times > 0);
    if (f) f.times--;
    return f !== undefined;
  }
}

/** JSON, or multipart form data (Telegram's sendDocument), with a file field recorded as {filename, text}. */
async function parseBody(req: IncomingMessage, raw: Buffer): Promise<Record<string, unknown>> {
  const type = String(req.headers["content-type"] ?? "");
  if (type.includes("application/json")) return JSON.parse(raw.toString("utf8") || "{}") as Record<string, unknown>;
  const form = await new Request("http://x", { method: "POST", headers: { "content-type": type }, body: raw }).formData();
  const out: Record<string, unknown> = {};
  for (const [k, v] of form) out[k] = typeof v === "string" ? v : { filename: v.name, text: await v.text() };
  return out;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function json(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(value));
}
