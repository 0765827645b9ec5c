// An Idempotency-Key as every entry point keeps it: the client's key, and a fingerprint of the request it
// came with (method, path, body), so a true repeat is told from the same key reused for another request.
export interface IdempotencyKey {
  key: string;
  fingerprint: string;
}
