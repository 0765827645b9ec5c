// Starts the scripted model server and the fixture web once for the whole test run, on the ports
// vitest.config.ts chose. Tests in Node may also start their own; tests inside workerd use these.
import type { TestProject } from "vitest/node";
import { ChromiumBroker } from "./chromium-broker";
import { startFixtureWeb } from "./fixture-web";
import { HookRecorder } from "./hook-recorder";
import { PlatformFake } from "./platform-fake";
import { ScriptedModel } from "./scripted-model";
import { WranglerDevBroker } from "./wrangler-dev-broker";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const model = await new ScriptedModel().listen(Number(process.env.SCRIPTED_MODEL_PORT));
  const web = await startFixtureWeb(Number(process.env.FIXTURE_WEB_PORT));
  // The fake Telegram and Slack APIs the bots and course deliveries talk to (TELEGRAM_API_BASE, SLACK_API_BASE).
  const platforms = new PlatformFake();
  await platforms.listen(Number(process.env.PLATFORM_FAKE_PORT));
  // The receiver of the HOOKS binding's deliveries.
  const hooks = await new HookRecorder().listen(Number(process.env.HOOK_RECORDER_PORT));
  // The wrangler dev Workers test files share (shared-wrangler-dev.ts); none starts until a file asks.
  const workers = await new WranglerDevBroker().listen(Number(process.env.WRANGLER_BROKER_PORT));
  // The one Chromium the browser tests connect to (chromium.ts); none starts until a file asks.
  const chromium = new ChromiumBroker();
  project.provide("chromiumBroker", await chromium.listen());
  return async () => {
    await chromium.close();
    await workers.close();
    await model.close();
    await web.close();
    await platforms.close();
    await hooks.close();
  };
}
