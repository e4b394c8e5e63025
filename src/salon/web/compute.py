"""The server's thinking: bot moves, hints and replays, in worker processes, taken in turn.

A bot's move, a hint or a replay costs milliseconds to seconds of CPU.  Run on the event
loop's own process, that work competes for the interpreter with every other table's moves,
and a job that never ends (a bot told to think for ever) holds its thread for good.  So each
job runs in a worker process (pebble's pool), where a deadline or a cancellation ends it by
ending the process, and the jobs wait in a fair queue before they are handed to a worker:

* Every job belongs to a *lane*: a table for its bots and hints, a client address for the
  replays it asks for.  Lanes with waiting jobs are served in turn, one job each, so a
  table whose bots think for long delays another table by one job at a time at most,
  however many jobs it queues.
* Each job has a deadline, after which its worker is stopped (``JobTimeout``); a job whose
  result is no longer wanted (its table ended, its seat moved on) is cancelled the same way.
* Jobs that a client asked for (hints, replays) are refused with ``Busy`` when too many
  wait already; a bot's move is never refused (a table has one at a time).

Workers are forked from a fork server that imported the engines once, so a worker that was
stopped is replaced in milliseconds.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import sys
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from functools import partial
from importlib.machinery import ModuleSpec
from typing import Any, TypeVar

from pebble import ProcessPool

T = TypeVar("T")

PRELOAD = ["salon.web.jobs"]
"""What the fork server imports once, for every worker it forks: the jobs and the engines and
bots they use."""


def default_workers() -> int:
    """One worker per core but one: that core stays with the event loop and the database."""
    return max(1, (os.cpu_count() or 2) - 1)


def _workers_skip_the_main_script() -> None:
    """A process that multiprocessing starts runs the parent's main script again (as
    ``__mp_main__``) unless the main module was run by name; the workers need nothing from
    it, and ``salon``'s own script imports the whole command line, a second of work each time
    a worker is started or replaced.  A main script run by path is given the name of a
    package's ``__main__``, which multiprocessing leaves alone."""
    main = sys.modules["__main__"]
    if getattr(main, "__spec__", None) is None:
        main.__spec__ = ModuleSpec("salon.__main__", None)


class Busy(Exception):
    """Too many jobs wait already: the client should try again later."""


class JobTimeout(Exception):
    """The job ran past its deadline and was stopped."""


@dataclass(eq=False)
class _Job:
    function: Callable[..., Any]
    args: tuple[Any, ...]
    timeout: float
    result: asyncio.Future[Any]
    running: Future[Any] | None = field(default=None)


def _call_soon(loop: asyncio.AbstractEventLoop, callback: Callable[..., None], *args: Any) -> None:
    """Run ``callback`` on the loop (from the pool's thread), unless the loop has closed."""
    try:
        loop.call_soon_threadsafe(callback, *args)
    except RuntimeError:  # the server has stopped: nobody waits for the result
        pass


class Compute:
    """A fair queue in front of ``workers`` worker processes (see the module's docstring);
    ``max_waiting`` bounds the jobs that may be refused."""

    def __init__(self, workers: int | None = None, max_waiting: int = 64) -> None:
        self.workers = workers or default_workers()
        self.max_waiting = max_waiting
        self._lanes: OrderedDict[str, deque[_Job]] = OrderedDict()
        self._running: set[_Job] = set()
        self._pool: ProcessPool | None = None
        self._stopped = False

    @property
    def waiting(self) -> int:
        return sum(len(jobs) for jobs in self._lanes.values())

    def _start(self) -> ProcessPool:
        if self._pool is None:
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(PRELOAD)
            _workers_skip_the_main_script()
            self._pool = ProcessPool(self.workers, context=context)
        return self._pool

    async def run(self, lane: str, function: Callable[..., T], args: tuple[Any, ...], timeout: float,
                  refusable: bool = True) -> T:
        """``function(*args)`` in a worker once ``lane``'s turn comes, within ``timeout``
        seconds of starting.  Busy when ``refusable`` and the queue is full; JobTimeout past
        the deadline; the function's own exception if it raised one.  Cancelling the caller
        cancels the job, waiting or running."""
        if self._stopped:
            raise Busy("the server is stopping")
        if refusable and self.waiting >= self.max_waiting:
            raise Busy(f"{self.waiting} jobs wait already")
        job = _Job(function, args, timeout, asyncio.get_running_loop().create_future())
        self._lanes.setdefault(lane, deque()).append(job)
        self._dispatch()
        try:
            return await asyncio.shield(job.result)
        except asyncio.CancelledError:
            self._cancel(lane, job)
            raise

    def _cancel(self, lane: str, job: _Job) -> None:
        jobs = self._lanes.get(lane)
        if jobs is not None and job in jobs:
            jobs.remove(job)
            if not jobs:
                del self._lanes[lane]
        if job.running is not None:
            job.running.cancel()  # pebble stops the worker running it and starts another
        job.result.cancel()

    def _dispatch(self) -> None:
        """Hand waiting jobs to free workers, one lane after another."""
        while self._lanes and len(self._running) < self.workers and not self._stopped:
            lane, jobs = next(iter(self._lanes.items()))
            job = jobs.popleft()
            if jobs:
                self._lanes.move_to_end(lane)  # its next job waits for the other lanes' turns
            else:
                del self._lanes[lane]
            try:
                job.running = self._start().schedule(job.function, job.args, timeout=job.timeout)
            except RuntimeError as e:  # the pool broke: the next job starts a new one
                self._drop_pool()
                job.result.set_exception(Busy(str(e)))
                continue
            self._running.add(job)
            job.running.add_done_callback(partial(_call_soon, asyncio.get_running_loop(), self._finished, job))

    def _finished(self, job: _Job, future: Future[Any]) -> None:
        self._running.discard(job)
        if not job.result.done():
            if future.cancelled():
                job.result.cancel()
            elif isinstance(error := future.exception(), FutureTimeout):
                job.result.set_exception(JobTimeout(f"stopped after {job.timeout:g} s"))
            elif isinstance(error, BrokenProcessPool):  # its workers died: the next job starts a new pool
                self._drop_pool()
                job.result.set_exception(Busy(str(error)))
            elif error is not None:
                job.result.set_exception(error)
            else:
                job.result.set_result(future.result())
        self._dispatch()

    def _drop_pool(self) -> None:
        if self._pool is not None:
            self._pool.stop()
            self._pool = None

    async def stop(self) -> None:
        """Cancel every job and stop the workers (a server shutting down)."""
        self._stopped = True
        for jobs in self._lanes.values():
            for job in jobs:
                job.result.cancel()
        self._lanes.clear()
        for job in list(self._running):
            job.result.cancel()
        if self._pool is not None:
            self._pool.stop()
            await asyncio.to_thread(self._pool.join)
            self._pool = None
