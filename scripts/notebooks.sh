#!/usr/bin/env bash
# Executes every notebooks/*.ipynb headlessly and fails if any cell raises.
#
#   scripts/notebooks.sh            # from anywhere inside the repository
#
# Python packages go into a private environment under target/ (never the system's):
#   1. a venv, target/notebook-venv (python3 -m venv);
#   2. if that fails (Debian without python3-venv has no ensurepip): a venv made
#      --without-pip, filled by the system pip through `pip --python`;
#   3. if that fails too: `python3 -m pip install --target target/notebook-pydeps`, put on
#      PYTHONPATH.
# Packages are installed only when missing. The committed notebooks are never modified: each
# runs in memory with notebooks/ as working directory, and the executed copy (with figures)
# is written to target/notebooks-out/.
#
# NOTEBOOKS_ENV=venv|bare-venv|target forces one of the three ways (for testing).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

python=${PYTHON:-python3}
venv=target/notebook-venv
pydeps=target/notebook-pydeps
out=target/notebooks-out
# Pinned majors (nbclient is 0.x: pinned minor range).
requirements=(
    "pandas>=2.2,<3"
    "matplotlib>=3.8,<4"
    "nbformat>=5.9,<6"
    "nbclient>=0.10,<0.12"
    "ipykernel>=6.29,<7"
)
imports="import pandas, matplotlib, nbformat, nbclient, ipykernel"
pip_flags=(--quiet --disable-pip-version-check --no-input --root-user-action=ignore)

have_deps() { "$1" -c "$imports" >/dev/null 2>&1; }

mode=${NOTEBOOKS_ENV:-}
py=""
if [[ -z $mode || $mode == venv ]]; then
    if [[ -x $venv/bin/python ]] && have_deps "$venv/bin/python"; then
        py=$venv/bin/python
    elif { [[ -x $venv/bin/python ]] && "$venv/bin/python" -m pip --version >/dev/null 2>&1; } ||
        { rm -rf "$venv" && "$python" -m venv "$venv" >/dev/null 2>&1; }; then
        echo "notebooks: installing Python packages into $venv" >&2
        "$venv/bin/python" -m pip install "${pip_flags[@]}" "${requirements[@]}"
        py=$venv/bin/python
    else
        rm -rf "$venv"
        [[ -n $mode ]] && { echo "notebooks: python3 -m venv failed" >&2; exit 1; }
    fi
fi
if [[ -z $py && ( -z $mode || $mode == bare-venv ) ]]; then
    if [[ -x $venv/bin/python ]] && have_deps "$venv/bin/python"; then
        py=$venv/bin/python
    elif { [[ -x $venv/bin/python ]] || "$python" -m venv --without-pip "$venv" >/dev/null 2>&1; } &&
        echo "notebooks: installing Python packages into $venv (system pip)" >&2 &&
        "$python" -m pip --python "$venv/bin/python" install "${pip_flags[@]}" "${requirements[@]}"; then
        py=$venv/bin/python
    else
        rm -rf "$venv"
        [[ -n $mode ]] && { echo "notebooks: venv --without-pip with the system pip failed" >&2; exit 1; }
    fi
fi
if [[ -z $py ]]; then
    export PYTHONPATH="$root/$pydeps${PYTHONPATH:+:$PYTHONPATH}"
    py=$python
    if ! have_deps "$py"; then
        echo "notebooks: installing Python packages into $pydeps (pip --target)" >&2
        "$python" -m pip install "${pip_flags[@]}" --target "$pydeps" "${requirements[@]}"
    fi
fi
have_deps "$py" || { echo "notebooks: the Python packages are still missing after installing" >&2; exit 1; }

# Keep Jupyter's, IPython's and matplotlib's own files under target/, not in $HOME.
state=$root/target/notebook-state
mkdir -p "$out" "$state"
export JUPYTER_RUNTIME_DIR=$state/runtime JUPYTER_DATA_DIR=$state/data JUPYTER_CONFIG_DIR=$state/config
export IPYTHONDIR=$state/ipython MPLCONFIGDIR=$state/matplotlib MPLBACKEND=Agg
export PYDEVD_DISABLE_FILE_VALIDATION=1

"$py" - "$root/notebooks" "$root/$out" <<'EOF'
import hashlib, pathlib, sys, traceback

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

src, out = map(pathlib.Path, sys.argv[1:])
books = sorted(src.glob("*.ipynb"))
if not books:
    sys.exit(f"notebooks: no notebook in {src}")
failed = 0
for path in books:
    before = hashlib.sha256(path.read_bytes()).digest()
    nb = nbformat.read(path, as_version=4)
    stale = [c for c in nb.cells if c.cell_type == "code" and (c.get("outputs") or c.get("execution_count"))]
    client = NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(src)}})
    try:
        client.execute()
        status = "ok"
    except CellExecutionError as e:
        status = "FAILED"
        print(str(e), file=sys.stderr)
    except Exception:
        status = "FAILED"
        traceback.print_exc()
    nbformat.write(nb, out / path.name)
    if hashlib.sha256(path.read_bytes()).digest() != before:
        status = "FAILED (the notebook file changed while it ran)"
    elif status == "ok" and stale:
        status = "FAILED (committed with outputs: clear them)"
    failed += status != "ok"
    print(f"notebook {path.name}: {status}", flush=True)
sys.exit(1 if failed else 0)
EOF
