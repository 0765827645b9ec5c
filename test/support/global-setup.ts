// Starts the scripted model server once for the whole test run, on the port vitest.config.ts chose.
// Tests in Node may also start their own ScriptedModel; tests inside workerd use this one through
// its control API (test/support/model-control.ts).
import { HookRecorder } from "./hook-recorder";
import { ScriptedModel } from "./scripted-model";

export default async function setup(): Promise<() => Promise<void>> {
  const model = await new ScriptedModel().listen(Number(process.env.SCRIPTED_MODEL_PORT));
  // The receiver of the HOOKS binding's deliveries.
  const hooks = await new HookRecorder().listen(Number(process.env.HOOK_RECORDER_PORT));
  return async () => {
    await model.close();
    await hooks.close();
  };
}
