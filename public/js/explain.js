// Why a request failed, in the page's language: a refusal by its code (run-notices.js), a missing token as where
// to enter it, and a lost connection as such, rather than the browser's English ("Failed to fetch").
import { ApiError } from "./api.js";
import { failure, t } from "./i18n.js";

export function explain(error) {
  if (error instanceof ApiError && error.status === 401) return t("needToken");
  if (error instanceof ApiError) return failure(error);
  // fetch, and the read of a response's body, reject with a TypeError when the connection fails.
  if (error instanceof TypeError) return t("networkError");
  return error instanceof Error ? error.message : String(error);
}
