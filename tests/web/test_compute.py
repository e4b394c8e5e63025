"""The server's worker pool (salon.web.compute): lanes served in turn, so that one table's
many jobs delay another table's by one job at a time; a deadline that stops a job that never
ends; a cancellation that stops a running job; a bound on the jobs clients may queue; a stop
that ends everything.  Counts and outcomes only: a job that never ends always overruns."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from salon.web.compute import Busy, Compute, JobTimeout
from tests.web import compute_jobs

LONG = 3600.0
"""A deadline no test waits for."""


def run(coro: Any) -> Any:
    return asyncio.run(coro)


async def until_running(compute: Compute, count: int = 1) -> None:
    """Wait (a count of loop turns, not a time) until ``count`` jobs run in the workers."""
    for _ in range(100_000):
        if len(compute._running) >= count:
            return
        await asyncio.sleep(0.001)
    raise AssertionError("the job never started")


def test_lanes_are_served_in_turn() -> None:
    """A table that queued six jobs and one that queued three, on one worker: after the job
    running when they queued, the two take turns until one has none left."""
    async def main() -> list[str]:
        compute = Compute(workers=1)
        done: list[str] = []

        async def job(lane: str, n: int) -> None:
            await compute.run(lane, compute_jobs.echo, (n,), LONG)
            done.append(f"{lane}{n}")

        try:
            busy = [asyncio.ensure_future(job("busy", n)) for n in range(6)]
            await asyncio.sleep(0)  # the busy table's first job starts
            other = [asyncio.ensure_future(job("other", n)) for n in range(3)]
            await asyncio.gather(*busy, *other)
        finally:
            await compute.stop()
        return done

    assert run(main()) == ["busy0", "busy1", "other0", "busy2", "other1", "busy3", "other2", "busy4", "busy5"]


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
