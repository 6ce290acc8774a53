"""Verifiers: math equivalence (safe parsing, exact fast path, sympy in a killable worker).

Submodules load on first use, so ``import rlvr_envs`` stays fast::

    from rlvr_envs.verifiers.math import is_equivalent
"""
