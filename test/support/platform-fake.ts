// A fake of the Telegram Bot API and the Slack Web API: a real HTTP server that records every call
// and answers like the platform does, so the bots and course deliveries run unchanged against it.
//   Telegram: POST /telegram/bot<token>/<method> (JSON or multipart, like the real API); a call without
//             chat_id (answerCallbackQuery) is filed under its callback_query_id; getMe answers the bot
//             TELEGRAM_BOT_USERNAME (telegram-payloads.ts), filed under target ""
//   Slack:    POST /slack/api/<method> (JSON, bot token as Bearer); GET users.info?user=<id> answers the
//             locale set for that user (filed under the user's id), else user_not_found as Slack does
// Control API for tests inside workerd (test/support/platform-control.ts):
//   GET  /__calls?platform=telegram&target=<chat id or channel>  the recorded calls, oldest first
//   POST /__fail {platform, target, times, status?, description?, method?, after?}  the next `times` calls (of `method`) for that target
//             fail, once `after` of them went through (Telegram: HTTP 500, or `status` with `description`, e.g. 400 "Bad Request:
//             can't parse entities"; Slack: ok=false with `description` as its error, else fatal_error)
//   POST /__files {id, base64}  a file people send: Telegram's getFile {file_id: id} then GET /telegram/file/bot<token>/<path>;
//             Slack's url_private GET /slack/files/<id> (bot token as Bearer, else 404 as Slack answers)
//   POST /__locales {user, locale}  the Slack locale users.info answers for that user
import type { IncomingMessage, ServerResponse } from "node:http";
import { listenLocal, type LocalServer } from "./local-server";
import { TELEGRAM_BOT_USERNAME } from "./telegram-payloads";

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
  status?: number;
  description?: string;
  /** Only calls of this method fail (default: any). */
  method?: string;
  /** How many matching calls succeed before the failures start (default: none). */
  after?: number;
}

export class PlatformFake {
  private local: LocalServer | undefined;
  private calls: PlatformCall[] = [];
  private failures: Failure[] = [];
  private files = new Map<string, Buffer>();
  private locales = new Map<string, string>();
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
    if (url.pathname === "/__locales") {
      const { user, locale } = JSON.parse(raw.toString("utf8")) as { user: string; locale: string };
      this.locales.set(user, locale);
      return json(res, 200, { ok: true });
    }
    if (url.pathname === "/__files") {
      const { id, base64 } = JSON.parse(raw.toString("utf8")) as { id: string; base64: string };
      this.files.set(id, Buffer.from(base64, "base64"));
      return json(res, 200, { ok: true });
    }
    const download = /^\/telegram\/file\/bot[^/]+\/photos\/(.+)$/.exec(url.pathname) ?? /^\/slack\/files\/(.+)$/.exec(url.pathname);
    if (download) {
      const file = this.files.get(decodeURIComponent(download[1]!));
      const slackAuthorized = !url.pathname.startsWith("/slack/") || /^Bearer xoxb-/.test(String(req.headers.authorization ?? ""));
      if (!file || !slackAuthorized) return json(res, 404, { ok: false, error: "file_not_found" });
      res.writeHead(200, { "content-type": "application/octet-stream" });
      return void res.end(file);
    }
    const telegram = /^\/telegram\/bot([^/]+)\/(\w+)$/.exec(url.pathname);
    if (telegram) {
      const body = await parseBody(req, raw);
      const target = String(body.chat_id ?? body.callback_query_id ?? body.file_id ?? "");
      this.calls.push({ platform: "telegram", method: telegram[2]!, target, body, credential: telegram[1]!, at: Date.now() });
      const failure = this.takeFailure("telegram", target, telegram[2]!);
      if (failure)
        return json(res, failure.status ?? 500, {
          ok: false,
          error_code: failure.status ?? 500,
          description: failure.description ?? "Internal Server Error: scripted failure",
        });
      if (telegram[2] === "getMe")
        return json(res, 200, { ok: true, result: { id: 1, is_bot: true, first_name: "StudyAgent", username: TELEGRAM_BOT_USERNAME } });
      if (telegram[2] === "getFile") {
        const file = this.files.get(String(body.file_id));
        if (!file) return json(res, 400, { ok: false, error_code: 400, description: "Bad Request: invalid file_id" });
        return json(res, 200, { ok: true, result: { file_id: body.file_id, file_size: file.length, file_path: `photos/${String(body.file_id)}` } });
      }
      return json(res, 200, {
        ok: true,
        result: telegram[2] === "sendChatAction" ? true : { message_id: this.calls.length, chat: { id: Number(target) }, date: 0 },
      });
    }
    const slack = /^\/slack\/api\/([\w.]+)$/.exec(url.pathname);
    if (slack?.[1] === "users.info") {
      const user = url.searchParams.get("user") ?? "";
      const body = Object.fromEntries(url.searchParams);
      this.calls.push({ platform: "slack", method: "users.info", target: user, body, credential: String(req.headers.authorization ?? ""), at: Date.now() });
      const locale = this.locales.get(user);
      return json(res, 200, locale ? { ok: true, user: { id: user, locale } } : { ok: false, error: "user_not_found" });
    }
    if (slack) {
      const body = await parseBody(req, raw);
      const target = String(body.channel ?? "");
      this.calls.push({ platform: "slack", method: slack[1]!, target, body, credential: String(req.headers.authorization ?? ""), at: Date.now() });
      const failure = this.takeFailure("slack", target);
      if (failure) return json(res, 200, { ok: false, error: failure.description ?? "fatal_error" });
      return json(res, 200, { ok: true, channel: target, ts: `1700000000.${String(++this.ts).padStart(6, "0")}` });
    }
    json(res, 404, { ok: false, error: "unknown_method" });
  }

  private takeFailure(platform: string, target: string, method?: string): Failure | undefined {
    const f = this.failures.find((x) => x.platform === platform && x.target === target && x.times > 0 && (!x.method || x.method === method));
    if (!f) return undefined;
    if (f.after) {
      f.after--;
      return undefined;
    }
    f.times--;
    return f;
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
