// Stands in for the `entities/decode` of htmlparser2's own copy of entities (7) in the Worker bundle
// (wrangler.toml [alias]): the same decoder from the entities (8) that the bundle carries anyway, whose HTML
// decode table is half the size (~7 KiB gzip less). htmlparser2 reads the same API from both: EntityDecoder
// (startEntity, write, end), DecodingMode and the decode trees; entities 8 dropped the `fromCodePoint`
// polyfill its Parser reads, which is String.fromCodePoint wherever the Worker runs. The path goes around
// the package's export map, as the other narrowed entries do.
export { DecodingMode, EntityDecoder, htmlDecodeTree, xmlDecodeTree } from "../../node_modules/entities/dist/decode.js";
export const fromCodePoint = String.fromCodePoint;
