// What a bundle stub throws if the Worker ever reaches code the bundle leaves out (wrangler.toml [alias]):
// a named error that says what is missing and what to do instead, not a TypeError from deep inside a package.
export class NotBundledError extends Error {
  override name = "NotBundledError";
  constructor(what: string, instead: string) {
    super(`${what} is not bundled in the Worker: ${instead}`);
  }
}
