#!/usr/bin/env bash
# Builds Solvitaire (Blake and Gent's solver, github.com/thecharlieblake/Solvitaire) from a
# checkout of its source, for benches/vs-solvitaire.py. Its code never enters this
# repository: give the script the checkout's path.
#
#   bash benches/build-solvitaire.sh SOLVITAIRE_SOURCE [OUTPUT]
#
# OUTPUT defaults to SOLVITAIRE_SOURCE/solvitaire-release. The solver's own sources
# (src/main) are compiled as its CMakeLists.txt builds its release binary (C++14, -O3,
# NDEBUG, rapidjson from its lib/, Boost.Program_options), with g++ and no CMake: its CMake
# configure step downloads googletest, which only its unit tests need. Debian's
# libboost-program-options-dev is installed when its header is missing (as root). The
# binary's path is the last line printed.
set -euo pipefail

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: bash benches/build-solvitaire.sh SOLVITAIRE_SOURCE [OUTPUT]" >&2
    exit 2
fi
src=$1
out=${2:-$src/solvitaire-release}
if [ ! -f "$src/src/main/main.cpp" ] || [ ! -f "$src/lib/rapidjson/document.h" ]; then
    echo "build-solvitaire: $src: not a Solvitaire checkout (no src/main/main.cpp or lib/rapidjson/document.h)" >&2
    exit 2
fi
if [ -e "$out" ] && [ ! -f "$out" ]; then
    echo "build-solvitaire: $out: exists and is not a file" >&2
    exit 2
fi

if [ ! -f /usr/include/boost/program_options.hpp ]; then
    echo "build-solvitaire: installing Debian's libboost-program-options-dev" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q >&2 || true
    apt-get install -y -q libboost-program-options-dev >&2
fi

mapfile -t sources < <(find "$src/src/main" -name '*.cpp' | LC_ALL=C sort)
# Built beside the output and moved into place, so that a failed build leaves an older
# binary as it was.
tmp=$(mktemp "$out.XXXXXX")
trap 'rm -f "$tmp"' EXIT
g++ -std=c++14 -O3 -DNDEBUG -pthread -w -I"$src/lib/rapidjson" "${sources[@]}" -lboost_program_options -o "$tmp"
# mktemp made it private; the binary is for anyone to run.
chmod 755 "$tmp"
mv "$tmp" "$out"
trap - EXIT
echo "$out"
