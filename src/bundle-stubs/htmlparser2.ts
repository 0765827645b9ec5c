// Stands in for htmlparser2's entry in the Worker bundle (wrangler.toml [alias]): the real Parser, nothing
// else. linkedom, its one importer, takes only `Parser` from it (`const {Parser} = HTMLParser2`), but a
// destructured namespace keeps every export alive, and the entry re-exports `DomUtils`, which pulls in a
// second, older `entities` (its HTML decode and encode tables) through dom-serializer. ~85 KiB minified.
// The path goes around the package's export map, which names only the entry.
export { Parser } from "../../node_modules/htmlparser2/dist/esm/Parser.js";
