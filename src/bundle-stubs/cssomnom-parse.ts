// Stands in for linkedom's CSS parser (cssomnom) in the Worker bundle (wrangler.toml [alias]). linkedom
// calls it only when code reads a <style> element's `.sheet`; Readability and our extractor never do.
// ~200 KiB the Worker does not carry.
import { NotBundledError } from "./not-bundled";

export function parse(): never {
  throw new NotBundledError("CSS parsing (HTMLStyleElement.sheet)", "read a <style> element's text instead");
}
