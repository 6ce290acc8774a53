"""Killable worker processes for trusted verifier code that may run long (sympy).

:mod:`.pool` keeps warm workers (:mod:`.process`) and runs ``"module:function"`` targets in
them with a wall-clock limit; a worker that overruns is killed and replaced. Families call
``rlvr_envs.workers.pool.call(target, args, timeout)``.
"""
