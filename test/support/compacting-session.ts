// A session of three answered rounds whose compaction is under way: the scripted summary is held back
// for 1.5 s, so a test can act while the session awaits it. `next` is the scripted reply after the summary.
import { requests, script } from "./model-control";
import { startRun } from "./session-api";
import { waitFor } from "./wait-for";
import { call, uniqueId } from "./worker-http";

export async function compactingSession(next: string, firstQuestion = "first question") {
  const sid = uniqueId();
  const key = uniqueId("k");
  const marker = `[[script:${key}]]`;
  await script(key, [
    { text: "First answer." },
    { text: "Second answer." },
    { text: "Third answer." },
    { text: "SUMMARY: three questions were answered.", delayMs: 1_500 },
    { text: next },
  ]);
  for (const q of [firstQuestion, "second question", "third question"]) await startRun(sid, `${marker} ${q}`);
  const compact = () => call(`/v1/sessions/${sid}/compact`, { method: "POST" });
  const compaction = compact();
  // The summary call has reached the model and is awaited from here on.
  await waitFor(async () => (await requests(key)).requests.length === 4, "the summary call");
  return { sid, key, marker, compaction, compact };
}
