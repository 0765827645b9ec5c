// A webhook receiver for tests: a real HTTP server that records every delivery (headers and raw
// body) and answers as told: the next statuses in `plan`, or a hang, then 200. Node tests use it
// directly; workers tests read the shared instance (started by global-setup.ts, HOOKS in
// vitest.config.ts points at it) through GET /__deliveries?sessionId=<id>.
import { listenLocal, type LocalServer } from "./local-server";
import { readBody } from "./scripted-model";

export interface RecordedDelivery {
  path: string;
  headers: Record<string, string>;
  body: string;
  receivedAt: number;
}

export type PlannedAnswer = { status: number } | { hangMs: number };

export class HookRecorder {
  readonly deliveries: RecordedDelivery[] = [];
  /** Answers for the next deliveries, in order; 200 when empty. */
  readonly plan: PlannedAnswer[] = [];
  inFlight = 0;
  maxInFlight = 0;
  private local: LocalServer | undefined;
  port = 0;

  url(path = "/hook"): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  async listen(port = 0): Promise<this> {
    this.local = await listenLocal((req, res) => {
      void readBody(req).then(async (body) => {
        const url = new URL(req.url ?? "/", "http://x");
        if (req.method === "GET" && url.pathname === "/__deliveries") {
          const sessionId = url.searchParams.get("sessionId");
          const list = this.deliveries.filter((d) => !sessionId || safeJson(d.body)?.sessionId === sessionId);
          res.writeHead(200, { "content-type": "application/json" });
          return void res.end(JSON.stringify({ deliveries: list }));
        }
        // In flight while the sender waits: until we answer, or until it gives up (its timeout).
        this.inFlight++;
        this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
        let waiting = true;
        const settle = () => {
          if (waiting) this.inFlight--;
          waiting = false;
        };
        res.once("close", settle);
        const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
        this.deliveries.push({ path: url.pathname, headers, body, receivedAt: Date.now() });
        const answer = this.plan.shift();
        if (answer && "hangMs" in answer) await new Promise((r) => setTimeout(r, answer.hangMs));
        settle();
        if (res.destroyed) return;
        res.writeHead(answer && "status" in answer ? answer.status : 200, { "content-type": "text/plain" });
        res.end("ok");
      });
    }, port);
    this.port = this.local.port;
    return this;
  }

  /**
   * What a receiver that deduplicates on webhook-id (as our docs advise) keeps of the deliveries that
   * `select` picks: the first body under each id; and the deliveries it drops though they carried another
   * event (same id, other body): real events lost.
   */
  deduplicated(select: (body: Record<string, unknown>) => boolean = () => true): { kept: Map<string, Record<string, unknown>>; lost: string[] } {
    const kept = new Map<string, Record<string, unknown>>();
    const lost: string[] = [];
    for (const d of this.deliveries) {
      const body = safeJson(d.body);
      if (!body || !select(body)) continue;
      const id = d.headers["webhook-id"] ?? "";
      const earlier = kept.get(id);
      if (!earlier) kept.set(id, body);
      else if (JSON.stringify(earlier) !== JSON.stringify(body)) lost.push(`${id}: ${String(body.type)} (kept ${String(earlier.type)})`);
    }
    return { kept, lost };
  }

  async close(): Promise<void> {
    await this.local?.close();
  }
}

function safeJson(text: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
