"""A tiny random Llama and a small tokenizer, built in a test (no downloads).

The vocabulary is small on purpose: special tokens, ``<answer>`` and ``</answer>`` as single
tokens, digits and a few symbols (every other character is ``<unk>``). An untrained model
then writes well-formed (and sometimes correct) answers often enough for GRPO's groups to
have reward variance, so a few steps of training move the weights.
"""

from __future__ import annotations

from pathlib import Path

SPECIAL = ["<pad>", "<|im_start|>", "<|im_end|>", "<unk>"]
WORDS = ["<answer>", "</answer>", *"0123456789", " ", "\n", "+", "-", "=", "/", "x"]
CHAT_TEMPLATE = (
    "{% for m in messages %}<|im_start|>{{ m['role'] }}\n{{ m['content'] }}<|im_end|>\n"
    "{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
)


def build_tiny_model(
    path: Path, *, layers: int = 2, hidden: int = 32, heads: int = 4, seed: int = 0
) -> Path:
    """Write a tiny LlamaForCausalLM and its tokenizer to ``path``; returns ``path``.

    ``hidden // heads`` is the head size (vLLM's CPU kernels want 64 or more).
    """
    import torch
    from tokenizers import Regex, Tokenizer, decoders, models, pre_tokenizers
    from transformers import LlamaConfig, LlamaForCausalLM, PreTrainedTokenizerFast

    vocab = {token: i for i, token in enumerate(SPECIAL + WORDS)}
    core = Tokenizer(models.WordLevel(vocab, unk_token="<unk>"))
    core.pre_tokenizer = pre_tokenizers.Split(
        Regex(r"</?answer>|<\|im_start\|>|<\|im_end\|>|.|\n"), behavior="isolated"
    )
    core.decoder = decoders.Fuse()
    tokenizer = PreTrainedTokenizerFast(
        tokenizer_object=core,
        pad_token="<pad>",
        eos_token="<|im_end|>",
        bos_token="<|im_start|>",
        unk_token="<unk>",
    )
    tokenizer.chat_template = CHAT_TEMPLATE
    config = LlamaConfig(
        vocab_size=len(vocab),
        hidden_size=hidden,
        intermediate_size=2 * hidden,
        num_hidden_layers=layers,
        num_attention_heads=heads,
        num_key_value_heads=max(1, heads // 2),
        max_position_embeddings=1024,
        tie_word_embeddings=True,
        pad_token_id=vocab["<pad>"],
        bos_token_id=vocab["<|im_start|>"],
        eos_token_id=vocab["<|im_end|>"],
    )
    torch.manual_seed(seed)
    model = LlamaForCausalLM(config)
    model.generation_config.eos_token_id = vocab["<|im_end|>"]
    model.generation_config.pad_token_id = vocab["<pad>"]
    path.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(path)
    tokenizer.save_pretrained(path)
    return path
