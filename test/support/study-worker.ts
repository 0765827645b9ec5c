// The Worker under wrangler dev as the /mcp tests use it: the scripted model and the fixture web beside
// it (so `study` can run), and the vars of the test laid over them.
import { fixtureWebVars, startFixtureWeb } from "./fixture-web";
import type { PageServer } from "./page-server";
import { ScriptedModel } from "./scripted-model";
import { startWranglerDev, type WranglerDev } from "./wrangler-dev";

export interface StudyWorker {
  model: ScriptedModel;
  web: PageServer;
  worker: WranglerDev;
  stop(): Promise<void>;
}

export async function startStudyWorker(vars: Record<string, string>): Promise<StudyWorker> {
  const [model, web] = await Promise.all([new ScriptedModel().listen(), startFixtureWeb()]);
  const worker = await startWranglerDev({ vars: { ...model.workerVars, ...fixtureWebVars(web), ...vars } });
  return {
    model,
    web,
    worker,
    async stop() {
      await worker.stop();
      await Promise.all([model.close(), web.close()]);
    },
  };
}
