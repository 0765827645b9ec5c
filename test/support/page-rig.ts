// What the web page's tests drive: a scripted model, the Worker under wrangler dev answering with it, and
// headless Chromium, started side by side and closed together.
import type { Browser } from "playwright-core";
import { launchChromium } from "./chromium";
import { ScriptedModel } from "./scripted-model";
import { startWranglerDev, type WranglerDev } from "./wrangler-dev";

export interface PageRig {
  model: ScriptedModel;
  worker: WranglerDev;
  browser: Browser;
  close(): Promise<void>;
}

/** `vars` are added to the scripted model's own (its address, key and model name). */
export async function startPageRig(vars: Record<string, string>, timeoutMs?: number): Promise<PageRig> {
  const model = await new ScriptedModel().listen();
  const started = await Promise.allSettled([startWranglerDev({ vars: { ...model.workerVars, ...vars }, timeoutMs }), launchChromium()]);
  const [worker, browser] = started.map((s) => (s.status === "fulfilled" ? s.value : undefined)) as [WranglerDev?, Browser?];
  const close = async () => {
    await browser?.close();
    await worker?.stop();
    await model.close();
  };
  const failed = started.find((s) => s.status === "rejected");
  if (failed) {
    await close();
    throw failed.reason;
  }
  return { model, worker: worker!, browser: browser!, close };
}
