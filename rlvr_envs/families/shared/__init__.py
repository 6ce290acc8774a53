"""Helpers that families of several domains share, each in a public module named for what
it does.

- :mod:`.answer_parsing`: strict, linear-time parsers for the answer syntaxes many
  families use (separated items, small integers, truth values, grids) and
  :class:`~.answer_parsing.AnswerError`.
- :mod:`.sat`: Minisat 2.2 solvers (python-sat) for families that generate or check with a
  SAT solver.
- :mod:`.math_answers`: :class:`~.math_answers.MathFamily` and the value-and-form checks
  (:func:`~.math_answers.judge_value`, :func:`~.math_answers.judge_in_worker`) for families
  whose answer is a value.
- :mod:`.formulas`: the text of fractions and signed terms in prompts and answers.

A domain's own helpers stay in its package, in a public module named for what it holds
(``math/polynomials.py``, ``graph/dags.py``); a helper moves here once a second domain
needs it. This package is not a domain: it registers no family.
"""
