#!/usr/bin/env bash
# The verl integration's test on CPU, in its own venv (verl pulls ray, fastapi and pins that
# must stay out of the main install): builds .venv-verl, then runs tests/integrations/test_verl.py
# against the installed verl (its dataset loader, reward manager and GRPO advantages).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
VENV=.venv-verl
[ -x "$VENV/bin/python" ] || "$PY" -m venv "$VENV"
"$VENV/bin/python" -m pip install -q --upgrade pip
if ! "$VENV/bin/python" -c "import verl" 2>/dev/null; then
    "$VENV/bin/python" -m pip install -q torch==2.13.0           # the CPU build first
    # verl 0.9.1's trainer modules also import these, which its own requirements miss
    "$VENV/bin/python" -m pip install -q verl==0.9.1 cachetools uvicorn fastapi
fi
"$VENV/bin/python" -m pip install -q -e ".[dev]" pytest
export RLVR_REQUIRE_VERL=1  # here a missing or broken verl fails instead of skipping
exec "$VENV/bin/python" -m pytest -p no:cacheprovider -q tests/integrations/test_verl.py "$@"
