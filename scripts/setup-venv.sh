#!/usr/bin/env bash
# Create (once) and refresh the project's virtualenv, then print its path.
#
# The venv lives outside the checkout, under ~/.cache/selfgraph, keyed by a hash of pyproject.toml's
# dependency pins: the demo, the tests and CI on the same machine share one install, and the ~2.7 GB
# torch wheel is neither downloaded nor installed twice (pip's wheel cache covers a changed pin).
# The checkout itself is installed editable on every call (no dependency resolution: ~2 s), and
# ./.venv is linked to the venv for convenience.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON="${PYTHON:-$(command -v python3.11 || command -v python3)}"
"$PYTHON" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python >= 3.11 is required")'

key=$( (sed -n '/^dependencies = \[/,/^\]/p;/^dev = \[/,/^\]/p' pyproject.toml; "$PYTHON" --version) | sha256sum | cut -c1-12)
venv="${SELFGRAPH_VENV:-$HOME/.cache/selfgraph/venv-$key}"

if [ ! -f "$venv/.installed" ]; then
  echo "setup-venv: installing dependencies into $venv (first time on this machine)" >&2
  start=$(date +%s)
  rm -rf "$venv"
  "$PYTHON" -m venv "$venv"
  "$venv/bin/pip" install --quiet --upgrade pip >&2
  # Dependencies only (resolved from the pins); the project itself is added editable below.
  "$venv/bin/python" - <<'PY' > "$venv/requirements.txt"
import tomllib
project = tomllib.load(open("pyproject.toml", "rb"))["project"]
print("\n".join(project["dependencies"] + project["optional-dependencies"]["dev"]))
PY
  "$venv/bin/pip" install --quiet -r "$venv/requirements.txt" >&2
  echo "setup-venv: dependencies installed in $(( $(date +%s) - start )) s" >&2
  touch "$venv/.installed"
fi
"$venv/bin/pip" install --quiet --no-deps --no-build-isolation -e . >"$venv/editable.log" 2>&1 \
  || { cat "$venv/editable.log" >&2; exit 1; }
ln -sfn "$venv" .venv
echo "$venv"
