#!/usr/bin/env bash
# Tests the viewer's pages in a real browser: installs Debian's chromium when missing, builds
# the release binary and runs scripts/browser-test.py (pages for a FreeCell and a Spider
# solution: the start against the deal, stepped to the end with the arrow key, the won
# layout read from the DOM, screenshots in target/browser-test/). Where chromium cannot be
# installed it says so in one line and exits 0; any failure of the pages exits 1.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo -n)
chrome="$(command -v chromium || command -v chromium-browser || true)"
if [ -z "$chrome" ]; then
    install() {
        DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q chromium \
            >>/tmp/patience-chromium-apt.log 2>&1
    }
    if ! install && ! { "${sudo[@]}" apt-get update -q >>/tmp/patience-chromium-apt.log 2>&1 && install; }; then
        echo "browser test skipped: cannot install chromium (see /tmp/patience-chromium-apt.log)"
        exit 0
    fi
    chrome="$(command -v chromium)"
fi
(cd "$repo" && cargo build --release -q)
python3 "$repo/scripts/browser-test.py" "$repo/target/release/patience" "$chrome" "$repo/target/browser-test"
