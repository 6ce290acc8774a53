#!/usr/bin/env bash
# `rlvr serve` against OpenEnv, in its own venv (openenv pulls gradio, fastmcp and ~480 MB
# that stay out of the main install): builds .venv-openenv, then runs tests/serve/test_server.py
# (OpenEnv's own client and validator against servers the tests start on 127.0.0.1).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
VENV=.venv-openenv
[ -x "$VENV/bin/python" ] || "$PY" -m venv "$VENV"
"$VENV/bin/python" -m pip install -q --upgrade pip
if ! "$VENV/bin/python" -c "import openenv.core" 2>/dev/null; then
    "$VENV/bin/python" -m pip install -q openenv==0.10.0
fi
"$VENV/bin/python" -m pip install -q -e ".[dev,serve]" pytest
export RLVR_REQUIRE_OPENENV=1  # here a missing or broken openenv fails instead of skipping
exec "$VENV/bin/python" -m pytest -p no:cacheprovider -q tests/serve/test_server.py \
    tests/serve/test_review.py "$@"
