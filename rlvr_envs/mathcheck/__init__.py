"""Math-answer checking: is a predicted answer the gold value, in the form the prompt asks for?

* :mod:`.compare`: the public entry points, ``is_equivalent(gold, pred, timeout=2.0,
  precision=None)`` and ``compare_answers`` (an exact fast path, then sympy in a killable
  worker from :mod:`rlvr_envs.workers`);
* :mod:`.parse`: the whitelist grammar answers are parsed with (plain text and LaTeX);
* :mod:`.equivalence`: the structural comparison of two parsed answers, exact arithmetic;
* :mod:`.symbolic`: the same answers rebuilt as sympy objects (in the worker only);
* :mod:`.forms`: ``check_form(answer, form)``, the written form a family's prompt asks for.

Other families' verifiers are their own ``check`` methods (``rlvr_envs/families``).
Submodules load on first use, so ``import rlvr_envs`` stays fast::

    from rlvr_envs.mathcheck.compare import is_equivalent
"""
