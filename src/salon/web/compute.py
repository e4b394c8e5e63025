"""The server's thinking: bot moves, hints and replays, in worker processes, taken in turn.

A bot's move, a hint or a replay costs milliseconds to seconds of CPU.  Run on the event
loop's own process, that work competes for the interpreter with every other table's moves,
and a job that never ends (a bot told to think for ever) holds its thread for good.  So each
job runs in a worker process (pebble's pool), where a deadline or a cancellation ends it by
ending the process, and the jobs wait in a fair queue before they are handed to a worker:

* Every job belongs to a *lane*: a table for its bots and hints, a client address for the
  replays it asks for.  The lanes share the workers' time fairly (weighted fair queueing):
  each lane counts the seconds its jobs have run, and the next job is the head of the lane
  that would have used the least once that job is done, reckoned with the job's expected
  cost (a search's think time, say).  A lane that starts waiting joins at the level of the
  lane served last, so idleness earns no credit.  So a table whose hints or bots think for
  seconds delays another table's quick move by the job running when it comes, and no more,
  however many jobs it queues.
* The bots' moves, which the games wait for, and the jobs clients ask for (hints, replays),
  which anyone may ask for at their rate, share the workers' time in turn: the bots' moves
  get :data:`PLAY_SHARE` of it whenever they wait, the asks the rest (and all of it while no
  bot waits), however many clients ask; within each, the lanes share it as above.  So a
  flood of hints from many addresses slows a table of searching bots by a quarter at most,
  besides the job it finds running.
* Long jobs (a hint, a search's move: :data:`LONG_JOB` or more expected) leave one worker
  to the quick ones (the heuristic bots' moves, replays), so that however many searches
  the players ask for, a table of quick bots plays on at its own pace.
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
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from functools import partial
from importlib.machinery import ModuleSpec
from typing import Any, TypeVar

from pebble import ProcessPool

from salon.parallel import tune_collector

T = TypeVar("T")

PRELOAD = ["salon.web.jobs"]
"""What the fork server imports once, for every worker it forks: the jobs and the engines and
bots they use."""


LONG_JOB = 0.5
"""The expected seconds from which a job is long (see the module's docstring)."""
PLAY_SHARE = 0.75
"""The share of the workers' time the bots' moves get whenever they wait, against the jobs
clients ask for (see the module's docstring)."""


def default_workers() -> int:
    """One worker per core but one (that core stays with the event loop and the database),
    and two at least: one of them is kept for quick jobs."""
    return max(2, (os.cpu_count() or 2) - 1)


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
    lane: str
    function: Callable[..., Any]
    args: tuple[Any, ...]
    timeout: float
    cost: float
    result: asyncio.Future[Any]
    asked: bool
    """Asked for by a client (a hint, a replay), not a bot's move: see PLAY_SHARE."""
    running: Future[Any] | None = field(default=None)
    started: float = 0.0


def _call_soon(loop: asyncio.AbstractEventLoop, callback: Callable[..., None], *args: Any) -> None:
    """Run ``callback`` on the loop (from the pool's thread), unless the loop has closed."""
    try:
        loop.call_soon_threadsafe(callback, *args)
    except RuntimeError:  # the server has stopped: nobody waits for the result
        pass


class Compute:
    """A fair queue in front of ``workers`` worker processes (see the module's docstring);
    ``max_waiting`` bounds the jobs that may be refused; ``clock`` times the jobs (a test's
    clock makes every job take alike, whatever else the machine is doing)."""

    def __init__(self, workers: int | None = None, max_waiting: int = 64,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.workers = workers or default_workers()
        self.max_waiting = max_waiting
        self._clock = clock
        """What a job's time is read from: seconds that only go forward."""
        self._lanes: dict[str, deque[_Job]] = {}
        self._running: set[_Job] = set()
        self._spent: dict[str, float] = {}
        """Seconds of work each lane has had, on the scale of ``_level``."""
        self._level = 0.0
        """The spent seconds of the lane served last: where a lane that starts waiting joins."""
        self._share_spent = {False: 0.0, True: 0.0}
        """Seconds of work the bots' moves (False) and the asks (True) have had, each divided
        by its share: the kind to serve next is the one that spent less."""
        self._share_level = 0.0
        """The spent seconds of the kind served last: where a kind that starts waiting joins."""
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
            self._pool = ProcessPool(self.workers, initializer=tune_collector, context=context)
        return self._pool

    async def run(self, lane: str, function: Callable[..., T], args: tuple[Any, ...], timeout: float,
                  cost: float = 0.0, refusable: bool = True) -> T:
        """``function(*args)`` in a worker once ``lane``'s turn comes, within ``timeout``
        seconds of starting; ``cost``: the seconds it is expected to take.  Busy when
        ``refusable`` and the queue is full; JobTimeout past the deadline; the function's own
        exception if it raised one.  Cancelling the caller cancels the job, waiting or running.
        A ``refusable`` job is one a client asked for, a bot's move is not (PLAY_SHARE)."""
        if self._stopped:
            raise Busy("the server is stopping")
        if refusable and self.waiting >= self.max_waiting:
            raise Busy(f"{self.waiting} jobs wait already")
        job = _Job(lane, function, args, timeout, cost, asyncio.get_running_loop().create_future(), refusable)
        if not any(j.asked == refusable for j in (*self._running, *(j for q in self._lanes.values() for j in q))):
            self._share_spent[refusable] = max(self._share_spent[refusable], self._share_level)
        self._spent[lane] = max(self._spent.get(lane, 0.0), self._level)
        self._lanes.setdefault(lane, deque()).append(job)
        self._dispatch()
        try:
            return await asyncio.shield(job.result)
        except asyncio.CancelledError:
            self._cancel(job)
            raise

    def _cancel(self, job: _Job) -> None:
        jobs = self._lanes.get(job.lane)
        if jobs is not None and job in jobs:
            jobs.remove(job)
            if not jobs:
                del self._lanes[job.lane]
        if job.running is not None:
            job.running.cancel()  # pebble stops the worker running it and starts another
        job.result.cancel()

    def _dispatch(self) -> None:
        """Hand waiting jobs to free workers: of the kind (bots' moves or asks) that spent
        less of its share, the fairest lane's first (of equals, the one waiting longest), a
        long job only while another worker stays free for quick ones."""
        while len(self._running) < self.workers and not self._stopped:
            long_ok = self.workers == 1 or sum(j.cost >= LONG_JOB for j in self._running) < self.workers - 1
            ready = [name for name, jobs in self._lanes.items() if long_ok or jobs[0].cost < LONG_JOB]
            if not ready:
                return
            asked = min({self._lanes[name][0].asked for name in ready}, key=lambda a: (self._share_spent[a], a))
            ready = [name for name in ready if self._lanes[name][0].asked == asked]
            self._share_level = max(self._share_level, self._share_spent[asked])
            lane = min(ready, key=lambda name: self._spent[name] + self._lanes[name][0].cost)
            jobs = self._lanes[lane]
            job = jobs.popleft()
            if not jobs:
                del self._lanes[lane]
            self._level = max(self._level, self._spent[lane])
            job.started = self._clock()
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
        took = self._clock() - job.started
        self._spent[job.lane] += took
        self._share_spent[job.asked] += took / (1 - PLAY_SHARE if job.asked else PLAY_SHARE)
        for lane in [name for name, spent in self._spent.items() if spent <= self._level]:
            if lane not in self._lanes and all(j.lane != lane for j in self._running):
                del self._spent[lane]  # idle, and it would join at the level anyway
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
