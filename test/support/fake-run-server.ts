// A stand-in for the Worker's run API, for clients tested without wrangler (the CLI): a real HTTP
// server that records every request and answers POST /v1/sessions/:id/runs with the SSE events a test
// gives it. A run may be held open until the client cancels it, then finish with more events.
import type { IncomingMessage, ServerResponse } from "node:http";
import { listenLocal, type LocalServer } from "./local-server";

export interface RecordedCall {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: unknown;
}

export interface SseEvent {
  event: string;
  data: unknown;
}

export type FakeReply =
  | { status: number; json: unknown }
  | {
      /** Sent at once, in order, with `x-run-id`. */
      events: SseEvent[];
      runId?: string;
      /** If given, the stream stays open until POST …/cancel, then sends these and ends. */
      afterCancel?: SseEvent[];
    };

export class FakeRunServer {
  readonly calls: RecordedCall[] = [];
  private local: LocalServer | undefined;
  private onCancel: Array<() => void> = [];
  url = "";

  constructor(private readonly respond: (call: RecordedCall) => FakeReply) {}

  async listen(): Promise<this> {
    this.local = await listenLocal((req, res) => void this.handle(req, res));
    this.url = `http://127.0.0.1:${this.local.port}`;
    return this;
  }

  async close(): Promise<void> {
    await this.local?.close();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const call: RecordedCall = { method: req.method ?? "GET", path: req.url ?? "/", headers: req.headers, body: text ? JSON.parse(text) : undefined };
    this.calls.push(call);
    if (/\/runs\/[^/]+\/cancel$/.test(call.path)) {
      for (const resume of this.onCancel.splice(0)) resume();
      return void res.writeHead(202, { "content-type": "application/json" }).end("{}");
    }
    const reply = this.respond(call);
    if ("json" in reply) return void res.writeHead(reply.status, { "content-type": "application/json" }).end(JSON.stringify(reply.json));
    res.writeHead(200, { "content-type": "text/event-stream", "x-run-id": reply.runId ?? "run_fake" });
    const send = (events: SseEvent[]) => events.forEach((e) => res.write(`event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`));
    send(reply.events);
    const rest = reply.afterCancel;
    if (rest) await new Promise<void>((resolve) => this.onCancel.push(resolve)).then(() => send(rest));
    res.end();
  }
}
