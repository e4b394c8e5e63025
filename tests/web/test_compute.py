"""The server's worker pool (salon.web.compute): lanes share the workers' time, so that one
table's many long jobs delay another table's quick ones by one job at most, and long jobs
leave a worker to quick ones; a deadline that stops a job that never ends; a cancellation
that stops a running job; a bound on the jobs clients may queue; a stop that ends
everything.  Orders and outcomes only: a job that never ends always overruns."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from salon.parallel import COLLECTOR_THRESHOLD
from salon.web.compute import Busy, Compute, JobTimeout
from tests.web import compute_jobs

LONG = 3600.0
"""A deadline no test waits for."""


def run(coro: Any) -> Any:
    return asyncio.run(coro)


class Ticks:
    """A clock for jobs that take alike: each reading is one step past the last, so with one
    worker (whose job starts and ends are read in turn) every job takes one step, however busy
    the machine is."""

    def __init__(self, step: float = 0.05) -> None:
        self.step = step
        self.now = 0.0

    def __call__(self) -> float:
        self.now += self.step
        return self.now


async def until_running(compute: Compute, count: int = 1) -> None:
    """Wait (a count of loop turns, not a time) until ``count`` jobs run in the workers."""
    for _ in range(100_000):
        if len(compute._running) >= count:
            return
        await asyncio.sleep(0.001)
    raise AssertionError("the job never started")


@pytest.mark.slow
def test_a_lane_of_long_jobs_delays_another_lanes_quick_ones_by_one_job_at_most() -> None:
    """One worker: a table queues four searches of a fifth of a second each; once the first
    runs, another table queues four quick moves.  They all run before the second search: the
    lanes share the worker's time, not its turns."""
    async def main() -> list[str]:
        compute = Compute(workers=1)
        done: list[str] = []

        async def job(lane: str, n: int, seconds: float) -> None:
            await compute.run(lane, compute_jobs.pause, (n, seconds), LONG, cost=seconds)
            done.append(f"{lane}{n}")

        try:
            slow = [asyncio.ensure_future(job("slow", n, 0.2)) for n in range(4)]
            await until_running(compute)
            quick = [asyncio.ensure_future(job("quick", n, 0.0)) for n in range(4)]
            await asyncio.gather(*slow, *quick)
        finally:
            await compute.stop()
        return done

    assert run(main()) == ["slow0", "quick0", "quick1", "quick2", "quick3", "slow1", "slow2", "slow3"]


@pytest.mark.heavy
def test_lanes_of_like_jobs_take_turns() -> None:
    """Two tables whose jobs take alike: once the second comes, they take turns."""
    async def main() -> str:
        compute = Compute(workers=1, clock=Ticks())
        done: list[str] = []

        async def job(lane: str, n: int) -> None:
            await compute.run(lane, compute_jobs.pause, (n, 0.05), LONG, cost=0.05)
            done.append(lane)

        try:
            await compute.run("warm", compute_jobs.echo, (0,), LONG)  # the worker started, not charged to a lane
            first = [asyncio.ensure_future(job("a", n)) for n in range(4)]
            await until_running(compute)
            second = [asyncio.ensure_future(job("b", n)) for n in range(4)]
            await asyncio.gather(*first, *second)
        finally:
            await compute.stop()
        return "".join(done)

    assert run(main()) == "abababab"


@pytest.mark.slow
def test_the_bots_moves_get_three_quarters_of_the_workers_however_many_clients_ask() -> None:
    """One worker; eight addresses each queue three jobs (hints, replays); then a table's bot
    queues eight moves of the same length.  While both wait, the bot's moves run three in four,
    and the asks are not starved either."""
    async def main() -> str:
        compute = Compute(workers=1, clock=Ticks())
        done: list[str] = []

        async def job(lane: str, n: int, asked: bool) -> None:
            await compute.run(lane, compute_jobs.pause, (n, 0.05), LONG, cost=0.05, refusable=asked)
            done.append("a" if asked else "B")

        try:
            await compute.run("warm", compute_jobs.echo, (0,), LONG)
            asks = [asyncio.ensure_future(job(f"client{c}", n, True)) for c in range(8) for n in range(3)]
            await until_running(compute)
            bot = [asyncio.ensure_future(job("table", n, False)) for n in range(8)]
            await asyncio.gather(*asks, *bot)
        finally:
            await compute.stop()
        return "".join(done)

    order = run(main())
    # the first ask ran alone; from then on the bot's moves have 8 turns of 11 (each job takes
    # one tick, a kind that starts waiting joins at the level of the kind served last)
    assert order[:order.rindex("B") + 1] == "aBBBBaBBaBB", order


def test_long_jobs_leave_a_worker_to_quick_ones() -> None:
    """Three tables' searches that never end, on two workers: one runs, two wait, and a quick
    move of a fourth table runs at once on the worker they leave."""
    async def main() -> object:
        compute = Compute(workers=2)
        searches = [asyncio.ensure_future(compute.run(f"t{n}", compute_jobs.forever, (), LONG, cost=5.0))
                    for n in range(3)]
        try:
            await until_running(compute)
            assert (len(compute._running), compute.waiting) == (1, 2)
            return await compute.run("quick", compute_jobs.echo, ("moved",), LONG)
        finally:
            for search in searches:
                search.cancel()
            await compute.stop()

    assert run(main()) == "moved"


@pytest.mark.heavy
def test_a_job_past_its_deadline_is_stopped_and_the_worker_replaced() -> None:
    async def main() -> object:
        compute = Compute(workers=1)
        try:
            with pytest.raises(JobTimeout):
                await compute.run("t", compute_jobs.forever, (), 0.5)
            return await compute.run("t", compute_jobs.echo, ("next",), LONG)
        finally:
            await compute.stop()

    assert run(main()) == "next"


def test_a_cancelled_job_is_stopped_while_it_runs() -> None:
    """The only worker runs a job that never ends; once the job's caller is cancelled (its
    table ended), the next job is served."""
    async def main() -> object:
        compute = Compute(workers=1)
        try:
            endless = asyncio.ensure_future(compute.run("t", compute_jobs.forever, (), LONG))
            await until_running(compute)
            endless.cancel()
            with pytest.raises(asyncio.CancelledError):
                await endless
            return await compute.run("u", compute_jobs.echo, ("served",), LONG)
        finally:
            await compute.stop()

    assert run(main()) == "served"


def test_the_jobs_clients_may_queue_are_bounded_but_a_bots_move_is_not() -> None:
    async def main() -> None:
        compute = Compute(workers=1, max_waiting=2)
        try:
            running = asyncio.ensure_future(compute.run("a", compute_jobs.forever, (), LONG))
            await until_running(compute)
            waiting = [asyncio.ensure_future(compute.run(lane, compute_jobs.echo, (1,), LONG)) for lane in "bc"]
            await asyncio.sleep(0)
            with pytest.raises(Busy):
                await compute.run("d", compute_jobs.echo, (1,), LONG)
            bot = asyncio.ensure_future(compute.run("e", compute_jobs.echo, (1,), LONG, refusable=False))
            await asyncio.sleep(0)
            assert compute.waiting == 3
            for task in (running, *waiting, bot):
                task.cancel()
        finally:
            await compute.stop()

    run(main())


def test_a_jobs_error_reaches_its_caller() -> None:
    async def main() -> None:
        compute = Compute(workers=1)
        try:
            with pytest.raises(ValueError, match="the job failed"):
                await compute.run("t", compute_jobs.fail, (), LONG)
        finally:
            await compute.stop()

    run(main())


def test_stopping_ends_running_and_waiting_jobs() -> None:
    async def main() -> None:
        compute = Compute(workers=1)
        running = asyncio.ensure_future(compute.run("a", compute_jobs.forever, (), LONG))
        await until_running(compute)
        waiting = asyncio.ensure_future(compute.run("b", compute_jobs.echo, (1,), LONG))
        await asyncio.sleep(0)
        await compute.stop()
        for task in (running, waiting):
            with pytest.raises(asyncio.CancelledError):
                await task
        with pytest.raises(Busy):
            await compute.run("c", compute_jobs.echo, (1,), LONG)

    run(main())


def test_the_workers_tune_the_garbage_collector_for_games() -> None:
    """The fork server starts its workers afresh: each tunes its collector itself."""
    async def main() -> int:
        compute = Compute(workers=1)
        try:
            return int(await compute.run("t", compute_jobs.collector_threshold, (), LONG))
        finally:
            await compute.stop()

    assert run(main()) == COLLECTOR_THRESHOLD
