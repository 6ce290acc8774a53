#!/usr/bin/env bash
# The test command, from a fresh machine with only Python: its own venv with the pinned
# versions the tests (and golden hashes) run against, then lint, format check and pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
VENV=.venv-test
[ -x "$VENV/bin/python" ] || "$PY" -m venv "$VENV"
"$VENV/bin/python" -m pip install -q --upgrade pip
"$VENV/bin/python" -m pip install -q -c constraints/test.txt -e ".[dev]"
"$VENV/bin/ruff" check .
"$VENV/bin/ruff" format --check .
exec "$VENV/bin/python" -m pytest -n auto -q "$@"
