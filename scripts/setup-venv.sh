#!/usr/bin/env bash
# Create (once) and refresh the project's virtualenvs, then print the checkout's venv path.
#
# Dependencies live in one virtualenv per machine under ~/.cache/selfgraph, keyed by a hash of
# pyproject.toml's pins: the demo, the tests and CI on the same machine share one install, and the
# ~2.7 GB torch wheel is neither downloaded nor installed twice (pip's wheel cache covers a changed
# pin). Each checkout gets its own small ./.venv that sees those dependencies through a .pth file
# and holds the project itself, installed editable, so two checkouts never point at each other.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON="${PYTHON:-$(command -v python3.11 || command -v python3)}"
"$PYTHON" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python >= 3.11 is required")'

key=$( (sed -n '/^dependencies = \[/,/^\]/p;/^dev = \[/,/^\]/p' pyproject.toml; cat requirements-nodeps.txt; "$PYTHON" --version) | sha256sum | cut -c1-12)
deps="${SELFGRAPH_DEPS_VENV:-$HOME/.cache/selfgraph/deps-$key}"

if [ ! -f "$deps/.installed" ]; then
  echo "setup-venv: installing dependencies into $deps (first time on this machine)" >&2
  start=$(date +%s)
  rm -rf "$deps"
  "$PYTHON" -m venv "$deps"
  "$deps/bin/pip" install --quiet --upgrade pip >&2
  "$deps/bin/python" - <<'PY' > "$deps/requirements.txt"
import tomllib
project = tomllib.load(open("pyproject.toml", "rb"))["project"]
print("\n".join(project["dependencies"] + project["optional-dependencies"]["dev"]))
PY
  "$deps/bin/pip" install --quiet -r "$deps/requirements.txt" >&2
  # Packages whose declared pins conflict with ours but that run on them (see the file).
  "$deps/bin/pip" install --quiet --no-deps -r requirements-nodeps.txt >&2
  echo "setup-venv: dependencies installed in $(( $(date +%s) - start )) s" >&2
  touch "$deps/.installed"
fi

local_venv="$PWD/.venv"
if [ -L "$local_venv" ]; then rm -f "$local_venv"; fi
if [ ! -x "$local_venv/bin/python" ]; then
  "$PYTHON" -m venv --without-pip "$local_venv"  # pip and setuptools come from the deps venv
fi
deps_site=$("$deps/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
local_site=$("$local_venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
if [ "$(cat "$local_site/selfgraph-deps.pth" 2>/dev/null)" != "$deps_site" ]; then
  echo "$deps_site" > "$local_site/selfgraph-deps.pth"
  rm -f "$local_venv/.editable"
fi
if [ ! -f "$local_venv/.editable" ] || [ pyproject.toml -nt "$local_venv/.editable" ]; then
  "$local_venv/bin/python" -m pip install --quiet --no-deps --no-build-isolation -e . >"$local_venv/editable.log" 2>&1 \
    || { cat "$local_venv/editable.log" >&2; exit 1; }
  touch "$local_venv/.editable"
fi
ln -sfn "$deps/bin/ruff" "$local_venv/bin/ruff"  # a native binary
for tool in pip pytest mypy uvicorn; do  # the deps venv's tools, run by this venv's python
  printf '#!/bin/sh\nexec "%s" -m %s "$@"\n' "$local_venv/bin/python" "$tool" > "$local_venv/bin/$tool"
  chmod +x "$local_venv/bin/$tool"
done
echo "$local_venv"
