"""Playing many independent games at once: in local processes, or on a Ray cluster.

A run is a list of jobs and one function that plays a job; every job's result comes back in
the jobs' order, whatever finished first, so a report merged from them is the same for any
number of workers and either backend.  Each job must be self-contained (its game's seed
inside it) and the function importable by name (a module-level function), so that a worker
process or a Ray worker on another machine can run it.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

from salon.core.errors import ConfigError

Job = TypeVar("Job")
Out = TypeVar("Out")

BACKENDS = ("local", "ray")
"""``local``: processes on this machine; ``ray``: tasks on a Ray cluster (``--address``), or on
a Ray instance started on this machine when no address is given."""


CHUNK = 16
"""The most jobs a worker process takes at once (fewer round trips for tiny jobs): a chunk's
results come back together, so a larger one would hold back every result after its first,
and a self-play run's shards, for longer."""


COLLECTOR_THRESHOLD = 10_000
"""The allocations between two of the cyclic collector's youngest passes in a process that
plays games (CPython's default is 700): see :func:`tune_collector`."""


def tune_collector() -> None:
    """Lets the cyclic garbage collector run less often, for a process that plays games.

    The engine and the bots allocate short-lived objects by the million (copies of a game,
    steps, events, lists of actions) and hardly ever a cycle among them.  At CPython's default
    threshold the collector made a pass every 700 allocations and, once enough objects had
    outlived those young passes, full ones over everything the process had imported: a quarter
    of a 4-player Rococo search's time.  Tuned, the bots decide up to 1.6 times as fast
    (docs/speed.md).  A higher first threshold keeps the passes, and so frees what cycles there
    are, but fourteen times less often; the other two thresholds are kept."""
    first, second, third = gc.get_threshold()
    gc.set_threshold(max(first, COLLECTOR_THRESHOLD), second, third)


def default_workers() -> int:
    """The cores this process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def check_workers(workers: int | None) -> int:
    """``workers`` as a count of workers (None: one per core); ConfigError for less than 1."""
    if workers is None:
        return default_workers()
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ConfigError(f"--workers {workers!r}: give a whole number of workers, 1 or more")
    return workers


def check_backend(backend: str, address: str | None) -> str:
    if backend not in BACKENDS:
        raise ConfigError(f"--backend {backend!r}: choose {' or '.join(BACKENDS)}")
    if address is not None and backend != "ray":
        raise ConfigError("--address names a Ray cluster: give it with --backend ray")
    return backend


def run(play: Callable[[Job], Out], jobs: Sequence[Job], workers: int | None = None, backend: str = "local",
        address: str | None = None, done: Callable[[Out], None] | None = None) -> list[Out]:
    """``play`` of every job, in the jobs' order; ``done`` is told of each result in that
    order as soon as it and every one before it are in."""
    results: list[Out] = []
    for out in each(play, jobs, workers, backend, address):
        results.append(out)
        if done is not None:
            done(out)
    return results


def each(play: Callable[[Job], Out], jobs: Sequence[Job], workers: int | None = None, backend: str = "local",
         address: str | None = None) -> Iterator[Out]:
    """``play`` of every job, yielded in the jobs' order as soon as it and every one before it
    are in, and kept nowhere here: a long run of large results (self-play's positions, megabytes
    a game) holds only those its caller keeps."""
    workers = check_workers(workers)
    check_backend(backend, address)
    if backend == "ray":
        yield from _ray(play, jobs, workers, address)
    elif workers == 1 or len(jobs) <= 1:
        yield from map(play, jobs)
    else:
        with ProcessPoolExecutor(min(workers, len(jobs)), initializer=tune_collector) as pool:
            yield from pool.map(play, jobs, chunksize=max(1, min(CHUNK, len(jobs) // (16 * workers))))


def _ray(play: Callable[[Job], Out], jobs: Sequence[Job], workers: int, address: str | None) -> Iterator[Out]:
    """The jobs as Ray tasks, at most ``workers`` in flight from this driver; a Ray instance
    is started here (with ``workers`` CPUs) unless ``address`` names a cluster or one is
    already connected."""
    try:
        import ray
    except ImportError:
        raise ConfigError("--backend ray needs Ray: pip install 'salon[rl]'") from None
    if not ray.is_initialized():
        if address is None:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False, configure_logging=False)
        else:
            ray.init(address=address, log_to_driver=False, configure_logging=False)
    task: Any = ray.remote(num_cpus=1)(_tuned)
    pending: dict[int, Any] = {}
    ready: dict[int, Out] = {}
    submitted = 0
    next_out = 0
    while next_out < len(jobs):
        while submitted < len(jobs) and len(pending) < 2 * workers:
            pending[submitted] = task.remote(play, jobs[submitted])
            submitted += 1
        finished, _ = ray.wait(list(pending.values()), num_returns=1)
        for i, ref in list(pending.items()):
            if ref in finished:
                ready[i] = ray.get(ref)
                del pending[i]
        while next_out in ready:
            yield ready.pop(next_out)
            next_out += 1


def _tuned(play: Callable[[Job], Out], job: Job) -> Out:
    """``play(job)`` in a Ray worker, a process of Ray's that salon did not start, with the
    collector tuned for games (:func:`tune_collector`)."""
    tune_collector()
    return play(job)
