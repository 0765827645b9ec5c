// The approvals of one session in Node's SQLite, for tests of the permission hook outside workerd: the session's
// tables as a Durable Object would make them, no session store (the hook never reads history), an emit that goes
// nowhere, and arguments kept as given (no redaction).
import { OnDemandTables } from "../../src/lib/on-demand-tables";
import { ApprovalRequests } from "../../src/session/interactions/approval-requests";
import { SESSION_BASELINE, SESSION_ON_DEMAND_TABLES } from "../../src/session/schema";
import { nodeSqlStorage } from "./sqlite-storage";

export function nodeApprovalRequests(): ApprovalRequests {
  const sql = nodeSqlStorage();
  sql.exec(SESSION_BASELINE);
  return new ApprovalRequests(
    sql,
    new OnDemandTables<"approvals">(sql, SESSION_ON_DEMAND_TABLES) as never,
    {} as never,
    () => 1,
    () => (x) => x,
  );
}
