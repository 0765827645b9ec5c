// Stands in for jose's entry in the Worker bundle (wrangler.toml [alias]): the real SignJWT, importPKCS8
// and importJWK, nothing else. The MCP SDK's createPrivateKeyJwtAuth (private_key_jwt client
// authentication, src/mcp/oauth/oauth-provider.ts) is jose's one importer and uses only these three; it
// loads jose with `await import("jose")`, which esbuild cannot tree-shake, so the whole library (JWE,
// JWKS, verification) came along. test/project/bundle-stubs.test.ts checks the SDK still uses no other.
export { SignJWT } from "jose/jwt/sign";
export { importJWK, importPKCS8 } from "jose/key/import";
