// For workers tests: reads what the shared webhook receiver (HOOKS binding) got for a session.
import { env } from "cloudflare:workers";
import type { RecordedDelivery } from "./hook-recorder";

const origin = () => new URL((JSON.parse(String((env as unknown as Record<string, string>).WEBHOOKS)) as Array<{ url: string }>)[0]!.url).origin;

export async function deliveries(sessionId: string): Promise<RecordedDelivery[]> {
  const res = await fetch(`${origin()}/__deliveries?sessionId=${encodeURIComponent(sessionId)}`);
  return ((await res.json()) as { deliveries: RecordedDelivery[] }).deliveries;
}
