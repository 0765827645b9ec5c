// MODEL=" " was a model name: every run then asked the server for model " ". Refused, naming MODEL, as an
// empty one is; a name with spaces around it is read without them.
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config";
import { configIssues } from "../support/config-issues";

it("MODEL of spaces is a config error naming it; spaces around a name are dropped", () => {
  expect(configIssues({ MODEL: " " }).join("\n")).toMatch(/^MODEL: /);
  expect(configIssues({ MODEL: "\t" }).join("\n")).toMatch(/^MODEL: /);
  expect(loadConfig({ MODEL: " gpt-5 " }).MODEL).toBe("gpt-5");
});
