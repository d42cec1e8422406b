# Sourced by the bench scripts (perf.sh, instructions.sh): the caller's folder, the move to the
# repository's root, one-line errors with exit status 2, option values, --help from the
# script's header comment, and paths read from the caller's folder.
caller=$PWD
script_path=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
script_name=$(basename "$0")

die() {
    echo "$script_name: $*" >&2
    exit 2
}

# `need OPTION VALUE...`: the option was given a value.
need() { [[ $# -ge 2 && -n $2 ]] || die "$1 needs a value"; }

# The header comment of the script that sourced this file, up to its `set -euo` line.
usage() { sed -n '2,/^set -euo/p' "$script_path" | sed -e '/^set -euo/d' -e 's/^# \{0,1\}//'; }

# A path given on the command line, from the caller's folder.
absolute() { [[ -z $1 || $1 == /* ]] && echo "$1" || echo "$caller/$1"; }
