"""Deprecated: where math equivalence used to live.

``from rlvr_envs.verifiers.math import is_equivalent`` still works, with a
``DeprecationWarning``: import it from :mod:`rlvr_envs.mathcheck.compare`. "Verifier" in this
library means a family's ``check`` (what :func:`rlvr_envs.verify` runs); the verifiers
library's taskset is the separate distribution in ``packages/rlvr-envs-taskset/``. This
package will be removed in a later release.
"""
