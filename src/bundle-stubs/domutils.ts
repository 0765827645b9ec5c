// Stands in for domutils in the Worker bundle (wrangler.toml [alias]). css-select, its one importer, spreads
// it into a default adapter (`{ ...DomUtils, isTag }`) for callers that bring no adapter of their own; its
// one caller here, linkedom, passes its own in every call (shared/matches.js), so the default is never used.
// The real one brought domutils whole, with dom-serializer and entities' encoder for its getOuterHTML.
// Each method css-select reads from an adapter is a placeholder that throws NotBundledError.
import { NotBundledError } from "./not-bundled";

function leftOut(name: string) {
  return (): never => {
    throw new NotBundledError(
      `domutils' ${name} (css-select's default adapter)`,
      "pass css-select an adapter, as linkedom does (src/bundle-stubs/domutils.ts)",
    );
  };
}

export const existsOne = leftOut("existsOne");
export const findAll = leftOut("findAll");
export const findOne = leftOut("findOne");
export const getAttributeValue = leftOut("getAttributeValue");
export const getChildren = leftOut("getChildren");
export const getName = leftOut("getName");
export const getParent = leftOut("getParent");
export const getSiblings = leftOut("getSiblings");
export const getText = leftOut("getText");
export const hasAttrib = leftOut("hasAttrib");
export const prevElementSibling = leftOut("prevElementSibling");
export const removeSubsets = leftOut("removeSubsets");
