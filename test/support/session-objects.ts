// Which session ids have a Durable Object with a database in this run's workerd (the workers tests' one
// storage, listed by vitest-plugin's listDurableObjectIds). A session's state lives only in its object's
// database, so an id without one has stored nothing; asking the API about such an id creates its object,
// tens of milliseconds each.
import { listDurableObjectIds } from "cloudflare:test";
import { env } from "cloudflare:workers";

/** The ids among `ids` whose SESSIONS object exists (env.SESSIONS.getByName(id) names it). */
export async function sessionsWithObjects(ids: Iterable<string>): Promise<string[]> {
  const listed = new Set((await listDurableObjectIds(env.SESSIONS)).map((id) => id.toString()));
  return [...ids].filter((id) => listed.has(env.SESSIONS.idFromName(id).toString()));
}
