"""Play a schedule on this machine: in this process, or in a pool of processes.

Every game is played by :func:`~.match.play_unit` from its unit alone, so the
outcome of a game does not depend on which process played it or when.

Ctrl-C stops a run cleanly: games not started are dropped, games in play are
finished (press Ctrl-C again to drop them too), and every finished game has
been handed to ``on_outcome``.
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait

from .match import GameOutcome, play_unit
from .schedule import Unit

OnOutcome = Callable[[GameOutcome], None]
OnInterrupt = Callable[[int], None]
OnStarted = Callable[[], None]


def nothing() -> None:
    pass


def run_local(
    units: Sequence[Unit],
    jobs: int,
    on_outcome: OnOutcome,
    on_interrupt: OnInterrupt | None = None,
    on_started: OnStarted = nothing,
) -> bool:
    """Play ``units`` with ``jobs`` processes; False if Ctrl-C stopped the run.

    ``on_started`` is called once the worker processes exist: a caller that
    starts threads (a progress display) should start them then, not before
    the workers are forked.
    """
    if jobs <= 1 or len(units) <= 1:
        return _run_here(units, on_outcome, on_started)
    return _run_pool(units, jobs, on_outcome, on_interrupt, on_started)


def _run_here(units: Sequence[Unit], on_outcome: OnOutcome, on_started: OnStarted) -> bool:
    on_started()
    try:
        for unit in units:
            on_outcome(play_unit(unit))
    except KeyboardInterrupt:
        return False  # the game in play is lost; finished ones were handed on
    return True


def _ignore_interrupts() -> None:
    # Ctrl-C reaches the whole process group; the main process decides what stops.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_pool(
    units: Sequence[Unit],
    jobs: int,
    on_outcome: OnOutcome,
    on_interrupt: OnInterrupt | None,
    on_started: OnStarted,
) -> bool:
    executor = ProcessPoolExecutor(max_workers=jobs, initializer=_ignore_interrupts)
    # What the Ctrl-C handler below sees if the interrupt comes while games are handed out.
    pending: set[Future[GameOutcome]] = set()
    finished: list[Future[GameOutcome]] = []  # done, not yet handed on
    workers: set[multiprocessing.process.BaseProcess] = set()
    others = set(multiprocessing.active_children())
    try:
        index = {executor.submit(play_unit, unit): unit.index for unit in units}
        pending = set(index)
        workers = set(multiprocessing.active_children()) - others
        on_started()
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            finished = sorted(done, key=index.__getitem__)
            while finished:
                on_outcome(finished.pop(0).result())
    except KeyboardInterrupt:
        in_play = [future for future in pending if not future.cancel()]
        if on_interrupt is not None:
            on_interrupt(len(in_play))
        try:
            for future in [*finished, *in_play]:
                on_outcome(future.result())
        except KeyboardInterrupt:
            for process in workers:
                process.terminate()
        return False
    finally:
        executor.shutdown(wait=True, cancel_futures=True)
    return True
