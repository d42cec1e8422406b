#!/usr/bin/env bash
# Builds Solvitaire (Blake & Gent, github.com/thecharlieblake/Solvitaire) from a checkout
# that you made yourself, for comparisons such as benches/vs-solvitaire.py. Its code never
# enters this repository: the script only compiles the checkout it is given, with one g++
# command (no cmake, no googletest), and prints the binary's path.
#
#   git clone https://github.com/thecharlieblake/Solvitaire /tmp/solvitaire-src
#   bash scripts/build-solvitaire.sh /tmp/solvitaire-src [OUT]
#
# OUT is the binary to write (default: SRC_DIR/build-patience/solvitaire; the checkout's own
# `solvitaire` is a symbolic link into its cmake build directory, so it is not written).
# Needs g++ and Debian's libboost-program-options-dev.
set -euo pipefail

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: build-solvitaire.sh SRC_DIR [OUT]" >&2
    exit 2
fi
src="$1"
if [ ! -d "$src/src/main" ] || [ ! -d "$src/lib/rapidjson" ]; then
    echo "build-solvitaire.sh: '$src' is not a Solvitaire checkout (no src/main or lib/rapidjson)" >&2
    exit 2
fi
command -v g++ >/dev/null || { echo "build-solvitaire.sh: g++ not found (apt-get install g++)" >&2; exit 1; }
if ! printf '#include <boost/program_options.hpp>\nint main() { return 0; }\n' \
        | g++ -x c++ -std=c++14 - -o /dev/null -lboost_program_options 2>/dev/null; then
    echo "build-solvitaire.sh: Boost.Program_options is missing; on Debian or Ubuntu:" >&2
    echo "    sudo apt-get install libboost-program-options-dev" >&2
    exit 1
fi

src=$(cd "$src" && pwd)
out="${2:-$src/build-patience/solvitaire}"
mkdir -p "$(dirname "$out")"
out="$(cd "$(dirname "$out")" && pwd)/$(basename "$out")"
echo "building Solvitaire from $src (a minute or two; g++ prints notes from Boost) ..." >&2
(
    cd "$src"
    # shellcheck disable=SC2046  # one argument per source file
    g++ -std=c++14 -O2 -DNDEBUG -Ilib/rapidjson -Ilib $(find src/main -name '*.cpp' | sort) \
        -o "$out" -lboost_program_options -pthread
)
echo "$out"
