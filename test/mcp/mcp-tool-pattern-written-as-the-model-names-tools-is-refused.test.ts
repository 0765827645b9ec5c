// allowTools/denyTools are over a server's own tool names (get_issue), PERMISSIONS over the names the model sees
// (mcp__gh__get_issue). A pattern written the second way on server gh, `mcp__gh__get_*`, matched nothing: the
// allow list left gh without tools, the deny list kept nothing out, and the config loaded. It is refused by its path.
import { describe, expect, it } from "vitest";
import { mcpConfigIssues as issues } from "../support/mcp-config-issues";

const url = "https://mcp.example.com/mcp";

describe("an allowTools / denyTools pattern written as mcp__<server>__<tool>", () => {
  it("is refused, naming the server, the list and the index, and how to write it", () => {
    expect(issues({ mcpServers: { gh: { url, allowTools: ["list_*", "mcp__gh__get_*"], denyTools: ["mcp__gh__delete_repo"] } } })).toEqual([
      { path: "mcpServers.gh.allowTools.1", message: expect.stringMatching(/^starts with mcp__gh__: patterns are over the server's own tool names.*get_\*/) },
      { path: "mcpServers.gh.denyTools.0", message: expect.stringMatching(/^starts with mcp__gh__: /) },
    ]);
  });

  it("the server's own names load as before", () => {
    expect(issues({ mcpServers: { gh: { url, allowTools: ["get_*"], denyTools: ["delete_repo"] } } })).toEqual([]);
  });
});
