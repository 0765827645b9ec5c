// Stands in for linkedom's CSS parser (cssomnom) in the Worker bundle (wrangler.toml [alias]). linkedom
// calls it only when code reads a <style> element's `.sheet`; Readability and our extractor never do.
// ~200 KiB the Worker does not carry.
export function parse(): never {
  throw new Error("CSS parsing is not bundled in the Worker (HTMLStyleElement.sheet is unavailable)");
}
