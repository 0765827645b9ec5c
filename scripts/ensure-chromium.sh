#!/usr/bin/env bash
# The web page test drives a real headless Chromium (Debian's package). Installs it when missing and
# we may (root with apt); otherwise says how, and the browser test will fail with that message.
set -u
if command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser test…"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) || echo "chromium install failed; the web page test will fail"
else
  echo "chromium is missing: install it (sudo apt-get install chromium) to run the web page test"
fi
exit 0
