// Starts the scripted model server once for the whole test run, on the port vitest.config.ts chose.
// Tests in Node may also start their own ScriptedModel; tests inside workerd use this one through
// its control API (test/support/model-control.ts).
import { ScriptedModel } from "./scripted-model";

export default async function setup(): Promise<() => Promise<void>> {
  const model = await new ScriptedModel().listen(Number(process.env.SCRIPTED_MODEL_PORT));
  return () => model.close();
}
