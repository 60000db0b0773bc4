"""A bot in another program, in any language: JSON lines over its stdin and stdout.

``process:command=node examples/bots/first_legal.js`` starts the command (split
as a shell would, without a shell) once per bot, that is once per seat and round
in the arena, and speaks protocol version 1 with it (docs/arena.md, "The
subprocess protocol"): one JSON object per line each way,

- to the program: ``{"type": "start", "protocol": "pysaboteur-bot", "version": 1,
  "seed": S, "settings": {...}}``; it answers ``{"type": "ready", "version": 1,
  "name": "..."}``;
- for each decision: ``{"type": "choose", "observation": {...}, "legal_moves":
  [{"text": "3 place NSW 1,0", ...}, ...]}``; it answers ``{"type": "move",
  "index": I}`` (0-based, into ``legal_moves``), optionally with ``"iterations"``;
- at the end: ``{"type": "end"}``, then its stdin closes and it should exit.

Settings: ``command`` (required), ``timeout`` (seconds to wait for an answer,
default 30); any other setting is passed on in ``start``.  The program's stderr
is left alone (it reaches the console), so it can log there.
"""

from __future__ import annotations

import contextlib
import json
import shlex
import subprocess
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from ..rules import Move, Observation
from .base import register

PROTOCOL: Final = "pysaboteur-bot"
VERSION: Final = 1
_TICKS: Final = 100  # clock ticks a second in /proc (USER_HZ, 100 on Linux)


class ProtocolError(RuntimeError):
    """The program broke the protocol: no answer, not JSON, or a move not offered."""


class ProcessBot:
    """Chooses by asking a program; ``last_cpu_seconds`` is the CPU time the program
    spent on the last decision (from ``/proc``, where there is one)."""

    name = "process"

    def __init__(self, command: str, seed: int | None = None, timeout: float = 30.0,
                 settings: dict[str, str] | None = None) -> None:  # fmt: skip
        self.command = command
        self.timeout = timeout
        self.extra = dict(settings or {})
        self.last_iterations: int | None = None
        self.last_cpu_seconds: float | None = None
        try:
            self._process = subprocess.Popen(
                shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                text=True, encoding="utf-8", bufsize=1,
            )  # fmt: skip
        except OSError as error:  # a ValueError, so the front ends report it as a bad spec
            raise ValueError(f"process bot: cannot start {command!r} ({error})") from None
        self._send({"type": "start", "protocol": PROTOCOL, "version": VERSION,
                    "seed": seed, "settings": self.extra})  # fmt: skip
        ready = self._receive("ready")
        if ready.get("version") != VERSION:
            self.close()
            raise ProtocolError(f"{command!r} speaks version {ready.get('version')}, not {VERSION}")
        self.name = str(ready.get("name") or "process")

    def parameters(self) -> dict[str, Any]:
        return {"command": self.command, "timeout": self.timeout, **self.extra}

    def choose(self, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        before = self._cpu()
        self._send({"type": "choose", "observation": observation,
                    "legal_moves": [move.view() for move in legal_moves]})  # fmt: skip
        answer = self._receive("move")
        after = self._cpu()
        self.last_cpu_seconds = None if before is None or after is None else after - before
        index = answer.get("index")
        if (
            not isinstance(index, int)
            or isinstance(index, bool)
            or not (0 <= index < len(legal_moves))
        ):
            raise ProtocolError(f"{self.command!r} chose {index!r} of {len(legal_moves)} moves")
        iterations = answer.get("iterations")
        self.last_iterations = iterations if isinstance(iterations, int) else None
        return legal_moves[index]

    def close(self) -> None:
        """Say goodbye and wait for the program (kill it if it lingers)."""
        process = self._process
        if process.poll() is None:
            try:
                self._send({"type": "end"})
                assert process.stdin is not None
                process.stdin.close()
                process.wait(timeout=self.timeout)
            except (OSError, ValueError, ProtocolError, subprocess.TimeoutExpired):
                process.kill()
                process.wait()
        for stream in (process.stdin, process.stdout):
            if stream is not None and not stream.closed:
                stream.close()

    def __del__(self) -> None:
        # A bot nobody closed (a front end without close()) still leaves no process behind.
        if getattr(self, "_process", None) is not None:
            with contextlib.suppress(Exception):  # at interpreter exit anything may be gone
                self.close()

    def _send(self, message: dict[str, Any]) -> None:
        stdin = self._process.stdin
        assert stdin is not None
        try:
            stdin.write(json.dumps(message, separators=(",", ":")) + "\n")
            stdin.flush()
        except BrokenPipeError:
            raise ProtocolError(f"{self.command!r} exited (code {self._process.poll()})") from None

    def _receive(self, kind: str) -> dict[str, Any]:
        line = self._read_line()
        if not line:
            raise ProtocolError(f"{self.command!r} closed its output instead of {kind!r}")
        try:
            message = json.loads(line)
        except json.JSONDecodeError:
            raise ProtocolError(f"{self.command!r} wrote {line[:80]!r}, not JSON") from None
        if not isinstance(message, dict) or message.get("type") != kind:
            raise ProtocolError(f"{self.command!r} answered {line[:80]!r}, not {kind!r}")
        return message

    def _read_line(self) -> str:
        # readline in a thread, so a program that never answers cannot hang the arena
        stdout = self._process.stdout
        assert stdout is not None
        lines: list[str] = []
        reader = threading.Thread(target=lambda: lines.append(stdout.readline()), daemon=True)
        reader.start()
        reader.join(self.timeout)
        if reader.is_alive():
            self._process.kill()
            raise ProtocolError(f"{self.command!r} did not answer within {self.timeout} s")
        return lines[0]

    def _cpu(self) -> float | None:
        """The program's user and system CPU seconds so far, or None without /proc."""
        try:
            fields = Path(f"/proc/{self._process.pid}/stat").read_text().rpartition(")")[2]
        except OSError:
            return None
        parts = fields.split()
        return (int(parts[11]) + int(parts[12])) / _TICKS  # utime, stime


def _make(settings: dict[str, str], seed: int | None) -> ProcessBot:
    extra = dict(settings)
    command = extra.pop("command", "")
    if not command:
        raise ValueError("the process bot needs command=PROGRAM (e.g. process:command=node bot.js)")
    try:
        timeout = float(extra.pop("timeout", "30"))
    except ValueError:
        raise ValueError("process setting timeout must be a number of seconds") from None
    return ProcessBot(command, seed, timeout, extra)


register("process", _make)
