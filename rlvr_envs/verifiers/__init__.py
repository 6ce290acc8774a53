"""Where math equivalence used to live; kept so the documented import keeps working.

``from rlvr_envs.verifiers.math import is_equivalent`` is an alias of
:func:`rlvr_envs.mathcheck.compare.is_equivalent`. Everything else moved: math checking to
:mod:`rlvr_envs.mathcheck`, the worker pool to :mod:`rlvr_envs.workers`; every other
verifier is a family's ``check``.
"""
