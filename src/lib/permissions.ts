// Who may run which tool call: ordered rules from config (PERMISSIONS), the rules a person added to
// the session when approving with `remember`, and the defaults. docs/security-and-reliability.md
// states the rules for users; in short:
//   1. deny wins: if any config or session rule that matches the call says deny, it is denied;
//   2. else the first matching session rule decides (a person's earlier "always allow"/"always deny");
//   3. else the first matching config rule decides;
//   4. else the defaults: a tool whose annotations say destructive asks, every other tool is allowed.
import * as z from "zod";
import { canonicalHost } from "./canonical-host";
import { matchesGlob } from "./glob";
import { trimEndChars } from "./trim-chars";

/**
 * What the policy reads of a tool: its name, whether its annotations call it destructive, and the
 * arguments as it will act on them (a filename as it will be stored) when that differs from the call.
 */
export interface PolicyTool {
  name: string;
  /** Names rules may also use for it (an MCP tool's plain name when its model-facing one was cut and hashed). */
  aliases?: readonly string[];
  annotations?: { destructive?: boolean };
  effectiveArgs?: (args: unknown) => unknown;
}

export type PermissionAction = "allow" | "deny" | "ask";

/**
 * How one argument must look: a string is a glob over a string argument (any letter case), a number, boolean or null
 * must be equal, `{host}` is a glob over the host of a URL argument.
 */
const ArgMatcher = z.union([z.string(), z.number(), z.boolean(), z.null(), z.strictObject({ host: z.string().min(1) })]);

export const PermissionRuleSchema = z.strictObject({
  /** Glob over tool names: "calculate", "mcp__github__*". */
  tool: z.string().min(1),
  /** Argument name (dots reach nested fields: "options.mode") → matcher; all must match. */
  when: z.record(z.string().min(1), ArgMatcher).optional(),
  action: z.enum(["allow", "deny", "ask"]),
});

export const PermissionRulesSchema = z.array(PermissionRuleSchema);

export type PermissionRule = z.output<typeof PermissionRuleSchema>;
type Matcher = z.output<typeof ArgMatcher>;

export interface PermissionDecision {
  action: PermissionAction;
  /** Why, in words a model or a person can act on. */
  reason: string;
}

export class PermissionPolicy {
  constructor(private readonly rules: readonly PermissionRule[] = []) {}

  decide(tool: PolicyTool, args: unknown, sessionRules: readonly PermissionRule[] = []): PermissionDecision {
    // Rules judge the call as written and as the tool will act on it: a restricting rule applies when
    // either matches, a granting one only when both do, so neither spelling dodges a deny.
    const views = tool.effectiveArgs ? [args, tool.effectiveArgs(args)] : [args];
    // A tool's names are one tool's (not spellings a caller chooses): a rule naming any of them names it.
    const names = [tool.name, ...(tool.aliases ?? [])];
    const applies = (rule: PermissionRule) =>
      rule.action === "allow" ? views.every((v) => ruleMatches(rule, names, v)) : views.some((v) => ruleMatches(rule, names, v));
    const session = sessionRules.filter(applies);
    const config = this.rules.map((rule, index) => ({ rule, index })).filter(({ rule }) => applies(rule));

    if (session.some((r) => r.action === "deny")) {
      return { action: "deny", reason: `a person refused ${tool.name} for the rest of this session` };
    }
    const denying = config.find(({ rule }) => rule.action === "deny");
    if (denying)
      return { action: "deny", reason: `the permission policy forbids this call (PERMISSIONS rule ${denying.index + 1}, tool "${denying.rule.tool}")` };

    const remembered = session[0];
    if (remembered) return { action: remembered.action, reason: `a person chose "${remembered.action}" for ${tool.name} earlier in this session` };
    const configured = config[0];
    if (configured) return { action: configured.rule.action, reason: `PERMISSIONS rule ${configured.index + 1} (tool "${configured.rule.tool}")` };

    if (tool.annotations?.destructive) return { action: "ask", reason: `${tool.name} is marked destructive` };
    return { action: "allow", reason: "allowed by default" };
  }
}

function ruleMatches(rule: PermissionRule, toolNames: readonly string[], args: unknown): boolean {
  if (!toolNames.some((name) => matchesGlob(rule.tool, name))) return false;
  // A rule that restricts applies when any element of a list argument matches; one that grants only
  // when every element does, so adding a harmless element can neither dodge a deny nor earn an allow.
  const every = rule.action === "allow";
  return Object.entries(rule.when ?? {}).every(([path, matcher]) => {
    const value = argumentAt(args, path);
    if (value === undefined) return false;
    if (!Array.isArray(value)) return valueMatches(matcher, value);
    return value.length > 0 && (every ? value.every((v) => valueMatches(matcher, v)) : value.some((v) => valueMatches(matcher, v)));
  });
}

function argumentAt(args: unknown, path: string): unknown {
  let value = args;
  for (const key of path.split(".")) {
    if (!value || typeof value !== "object" || Array.isArray(value) || !Object.hasOwn(value, key)) return undefined;
    value = Reflect.get(value, key);
  }
  return value;
}

function valueMatches(matcher: Matcher, value: unknown): boolean {
  if (matcher === null || typeof matcher !== "object") {
    return typeof matcher === "string" ? typeof value === "string" && matchesGlob(matcher, value, true) : value === matcher;
  }
  if (typeof value !== "string") return false;
  let host: string;
  try {
    host = new URL(value).hostname;
  } catch {
    return false;
  }
  return matchesGlob(trimEndChars(matcher.host, "."), canonicalHost(host), true);
}
