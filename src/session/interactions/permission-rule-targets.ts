// A permission rule must be able to apply to some call: its `tool` glob must match a tool that exists
// (one known in code, KNOWN_TOOLS, or the shape of an MCP tool's name), and its `when` must name arguments
// such a tool takes. A rule that could never apply (`fetch_page`, `mcp_github_*`, `{"link": …}` on
// fetch_webpage) was accepted and silently skipped, so a call its operator meant to deny or ask about was
// allowed; it is a configuration error instead, naming the rule's index and field, never quoting a value.
import type * as z from "zod";
import { isSchema, signatureParameters, type JsonSchema, type ToolSignature } from "../../agent";
import { matchesGlob } from "../../lib/glob";
import type { PermissionRule } from "../../lib/permissions";
import { KNOWN_TOOLS } from "../../tools";
import { globCanMatchMcpName } from "./mcp-name-shape";

export function checkPermissionRuleTargets(rules: readonly PermissionRule[], ctx: z.RefinementCtx): void {
  rules.forEach((rule, index) => {
    const named = KNOWN_TOOLS.filter((t) => matchesGlob(rule.tool, t.name));
    // An MCP tool's arguments are known only when its server answers: its rules' `when` is not checked.
    if (globCanMatchMcpName(rule.tool)) return;
    if (!named.length) {
      ctx.addIssue({
        code: "custom",
        path: [index, "tool"],
        message: `matches no tool, so the rule would never apply: the tools are ${KNOWN_TOOLS.map((t) => t.name).join(", ")}, and MCP tools are named mcp__<server>__<tool>`,
      });
      return;
    }
    const paths = Object.keys(rule.when ?? {});
    const missing = paths.filter((path) => !named.some((t) => takesArgument(t, path)));
    for (const path of missing)
      ctx.addIssue({
        code: "custom",
        path: [index, "when", path],
        message: `no tool this rule covers takes this argument, so the rule would never apply (${named.map(argumentsOf).join("; ")})`,
      });
    if (!missing.length && !named.some((t) => paths.every((path) => takesArgument(t, path))))
      ctx.addIssue({
        code: "custom",
        path: [index, "when"],
        message: `no one tool this rule covers takes all these arguments, so the rule would never apply (${named.map(argumentsOf).join("; ")})`,
      });
  });
}

const argumentsOf = (t: ToolSignature) => `${t.name} takes ${Object.keys(propertiesOf(signatureParameters(t)) ?? {}).join(", ") || "no arguments"}`;

function propertiesOf(schema: JsonSchema): Record<string, unknown> | undefined {
  return isSchema(schema.properties) ? schema.properties : undefined;
}

/** Whether the validated arguments can hold `path` (dots reach nested fields, as the policy reads them; never into a list). */
function takesArgument(tool: ToolSignature, path: string): boolean {
  return schemaHolds(signatureParameters(tool), path.split("."));
}

function schemaHolds(schema: JsonSchema, keys: readonly string[]): boolean {
  if (!keys.length) return true;
  const branches = [schema.anyOf, schema.oneOf, schema.allOf].flatMap((b) => (Array.isArray(b) ? b.filter(isSchema) : []));
  if (branches.some((b) => schemaHolds(b, keys))) return true;
  const [key, ...rest] = keys as [string, ...string[]];
  const properties = propertiesOf(schema);
  const property = properties && Object.hasOwn(properties, key) ? properties[key] : undefined;
  if (isSchema(property)) return schemaHolds(property, rest);
  // A map (a record) or a value of any shape may hold any key; a schema that lists its properties holds only those.
  if (isSchema(schema.additionalProperties) || schema.additionalProperties === true) return true;
  return !properties && !branches.length && schema.type === undefined;
}
