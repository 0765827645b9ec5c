// Two requests where the second goes out while the first's run is still going (its model call made, not yet
// answered): how a client's automatic retry arrives, and how a request that only looks like one does.
import { requests } from "./model-control";
import { waitFor } from "./wait-for";

/** Sends `first`, then `second` once the script `key` has the first run's model call; both responses. */
export async function sentWhileTheFirstRuns(key: string, first: () => Promise<Response>, second: () => Promise<Response>): Promise<[Response, Response]> {
  const one = first();
  await waitFor(async () => (await requests(key)).requests.length > 0, "the first run's model call");
  const two = await second();
  return [await one, two];
}
