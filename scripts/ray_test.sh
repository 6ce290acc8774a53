#!/usr/bin/env bash
# The Ray backends' tests, in their own venv (ray and its dependencies stay out of the main
# install): builds .venv-ray with the `ray` extra, then runs tests/integrations/test_ray.py on
# a local Ray cluster that the test starts on loopback (2 CPUs) and stops.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
VENV=.venv-ray
[ -x "$VENV/bin/python" ] || "$PY" -m venv "$VENV"
"$VENV/bin/python" -m pip install -q --upgrade pip
# ray pinned to the version the tests run against; our own pins (constraints/test.txt) keep
# the generators' dependencies, and so the golden hashes, as in the main venv; pyarrow for
# the parquet and verl exports.
"$VENV/bin/python" -m pip install -q -c constraints/test.txt -e ".[dev,ray]" "ray==2.60.0" pyarrow
export RLVR_REQUIRE_RAY=1  # here a missing or broken ray fails instead of skipping
export RAY_AUTH_MODE=disabled  # a throwaway local cluster: no token written to ~/.ray
exec "$VENV/bin/python" -m pytest -p no:cacheprovider -q tests/integrations/test_ray.py \
    tests/integrations/test_review18.py "$@"
