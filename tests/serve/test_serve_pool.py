"""The pool's hand-over of a job and its answer (serve/pool.py), against a stand-in worker
(a thread on the other end of a real pipe): a small job and a small answer cross on the event
loop itself, a large one through a thread, and a message is read on the loop only once it is
wholly in the pipe."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import struct
import threading
from typing import Any

import pytest

from mcp_inspect.serve import pool as pool_module
from mcp_inspect.serve.pool import INLINE_BYTES, WorkerPool, _Worker, whole_message_waiting
from mcp_inspect.serve.work import Answer

pytestmark = pytest.mark.skipif(pool_module.fcntl is None, reason="the inline path needs a Unix socket pair")


class _Alive:
    pid = None

    def is_alive(self) -> bool:
        return True


def _stand_in(conn: Any, answer_bytes: int) -> None:
    job = conn.recv()
    conn.send(Answer(200, "application/json", b"x" * answer_bytes + job[1][:1]))


def _run(monkeypatch: pytest.MonkeyPatch, body: bytes, answer_bytes: int) -> tuple[Answer, list[str]]:
    """The answer to one job through a pool of one stand-in worker, and what went to a thread."""
    threads: list[str] = []
    real = asyncio.to_thread

    async def counted(function: Any, *args: Any) -> Any:
        threads.append(getattr(function, "__name__", repr(function)))
        return await real(function, *args)

    monkeypatch.setattr(pool_module.asyncio, "to_thread", counted)
    mine, theirs = multiprocessing.Pipe()
    helper = threading.Thread(target=_stand_in, args=(theirs, answer_bytes), daemon=True)
    helper.start()

    async def main() -> Answer:
        pool = WorkerPool(1, None, lambda **_: None)  # type: ignore[arg-type]
        pool._idle = asyncio.Queue()
        pool._idle.put_nowait(_Worker(_Alive(), mine))  # type: ignore[arg-type]
        loop = asyncio.get_running_loop()
        return await pool.run(("lint", body, {}), loop.time() + 30)

    try:
        return asyncio.run(main()), threads
    finally:
        helper.join(5)
        mine.close()
        theirs.close()


def test_a_small_job_and_answer_cross_without_a_thread(monkeypatch) -> None:
    # The answer stays under 16 KiB: multiprocessing writes a larger one in two writes (its
    # length, then its bytes), and on a loaded machine the loop could wake between the two and
    # rightly hand the rest to a thread, which this test would read as a failure.
    answer, threads = _run(monkeypatch, b"{" + b" " * 5000 + b"}", 10_000)
    assert answer == Answer(200, "application/json", b"x" * 10_000 + b"{")
    assert threads == []


def test_a_large_job_is_written_from_a_thread(monkeypatch) -> None:
    answer, threads = _run(monkeypatch, b"[" * (INLINE_BYTES + 1), 10)
    assert answer.body == b"x" * 10 + b"["
    assert threads[:1] == ["send"]


def test_a_large_answer_is_read_whole_whichever_way(monkeypatch) -> None:
    # Megabytes do not fit the pipe at once: the answer is read from a thread, and whole.
    answer, _threads = _run(monkeypatch, b"{}", 5_000_000)
    assert len(answer.body) == 5_000_001


def test_a_message_counts_as_waiting_only_when_it_is_whole() -> None:
    mine, theirs = multiprocessing.Pipe()
    try:
        assert not whole_message_waiting(mine.fileno())  # nothing yet
        payload = b"y" * 1000
        theirs.send_bytes(payload[:0])  # an empty message: its length alone
        assert whole_message_waiting(mine.fileno())
        assert mine.recv_bytes() == b""
        # The length of a 1000-byte message and half of it: not yet.
        os.write(theirs.fileno(), struct.pack("!i", 1000) + payload[:500])
        assert not whole_message_waiting(mine.fileno())
        os.write(theirs.fileno(), payload[500:])
        assert whole_message_waiting(mine.fileno())
        assert mine.recv_bytes() == payload
        theirs.close()
        assert not whole_message_waiting(mine.fileno())  # the end of the pipe: recv says so
        with pytest.raises(EOFError):
            mine.recv()
    finally:
        mine.close()
        theirs.close()
