"""The process of the ``spareggio`` command, and the environment it gives the programs it starts.

numpy's wheels carry OpenBLAS, which starts one thread a core when numpy is imported and keeps
them spinning for work for a while.  spareggio never asks BLAS for anything (its arrays are
integers and booleans: no matrix products, no linear algebra), so those threads only burn CPU:
on a 2-core machine about 45 ms at every start, 40 % of what ``python -c "import numpy"`` costs,
and more on a machine with more cores, in every worker of ``check -j N`` and beside them.  The
command's process therefore asks OpenBLAS for one thread (:func:`one_blas_thread`), unless the
environment already says how many it wants; the library, imported by another program, leaves the
environment alone.  The programs spareggio starts (an engine put through ``conformance``, the team
pairing engine) get the environment as it was given (:func:`child_environment`).
"""

from __future__ import annotations

import os

__all__ = ["BLAS_THREADS", "child_environment", "one_blas_thread"]

BLAS_THREADS = "OPENBLAS_NUM_THREADS"
"""The variable OpenBLAS reads, when it is loaded, for the number of threads it starts."""

_SET: dict[str, str] = {}
"""What :func:`one_blas_thread` added to this process's environment."""


def one_blas_thread() -> None:
    """One BLAS thread for this process and the workers it starts, unless the environment already
    sets :data:`BLAS_THREADS`; before numpy is imported, or it has no effect."""
    if BLAS_THREADS not in os.environ:
        os.environ[BLAS_THREADS] = _SET[BLAS_THREADS] = "1"


def child_environment() -> dict[str, str]:
    """The environment for a program spareggio starts: this process's, without what
    :func:`one_blas_thread` added to it."""
    env = dict(os.environ)
    for name, value in _SET.items():
        if env.get(name) == value:
            del env[name]
    return env
