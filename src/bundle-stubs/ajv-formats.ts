// Stands in for ajv-formats in the Worker bundle; see ajv.ts beside it.
export default function addFormats(): void {
  throw new Error("ajv-formats is not bundled in the Worker");
}
