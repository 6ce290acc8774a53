"""Polynomials in x as integer coefficient lists (lowest power first): products and text."""

from __future__ import annotations

from rlvr_envs.families.shared.formulas import signed_term


# -- polynomial arithmetic and rendering (coefficient lists, lowest degree first) --------
def poly_mul(a: list[int], b: list[int]) -> list[int]:
    """The product of two coefficient lists (index = power of x)."""
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def power_body(k: int, var: str = "x") -> str:
    return "" if k == 0 else var if k == 1 else f"{var}^{k}"


def polynomial_text(coeffs: list[int], var: str = "x") -> str:
    """``2x^3 - x + 5``: descending powers, zero terms left out (``0`` for the zero poly)."""
    parts: list[str] = []
    for k in range(len(coeffs) - 1, -1, -1):
        if coeffs[k]:
            parts.append(signed_term(coeffs[k], power_body(k, var), not parts))
    return "".join(parts) or "0"
