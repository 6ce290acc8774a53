#!/usr/bin/env bash
# The verifiers (prime-intellect) taskset's test, in its own venv (verifiers 0.4 pulls openai,
# anthropic, mcp and prime's SDKs, which stay out of the main install): builds .venv-verifiers
# with rlvr-envs[verifiers], the environment package packages/rlvr-envs-taskset
# and uv (verifiers' null harness runs its chat program as a uv script, whose dependencies uv
# fetches from PyPI once per machine), then runs tests/integrations/test_verifiers.py, which
# drives the real vf-eval CLI against a fake OpenAI-compatible server on 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
VENV=.venv-verifiers
[ -x "$VENV/bin/python" ] || "$PY" -m venv "$VENV"
"$VENV/bin/python" -m pip install -q --upgrade pip
if ! "$VENV/bin/python" -c "import verifiers.v1, uv" 2>/dev/null; then
    "$VENV/bin/python" -m pip install -q verifiers==0.4.0 uv==0.13.9
fi
"$VENV/bin/python" -m pip install -q -e ".[dev,verifiers]" -e packages/rlvr-envs-taskset
export RLVR_REQUIRE_VERIFIERS=1  # here a missing or broken verifiers fails instead of skipping
export PATH="$PWD/$VENV/bin:$PATH"  # vf-eval, and the uv its harness runs
exec "$VENV/bin/python" -m pytest -p no:cacheprovider -q tests/integrations/test_verifiers.py \
    tests/integrations/test_review18.py "$@"
