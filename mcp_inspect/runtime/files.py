"""Writing the files a command produces without harm to what is already there.

Every output that replaces a file (``--calls-report``, the lock of ``pin``, ``approve``'s edit
of ``.mcp-inspect.yml``) goes through ``replaced``: the text is written to a temporary file in
the same folder and renamed over the target only once it is complete, so a full disk or a
crash leaves the old file whole; a symbolic link at the target is refused rather than
followed (an attacker's link must not aim a write elsewhere), and so is anything that is not
a regular file (``/dev/null``, a FIFO, a folder), whose mode a chmod would otherwise change.
The call log, which is appended to, opens its file with ``open_append`` under the same rules.

A file that a command reads, changes and writes back, which another run may be changing at the
same time (the snapshot store's index, ``approve``'s ``.mcp-inspect.yml``, ``check --update``'s
lock file), is changed under ``locked``: an exclusive lock on ``<file>.lock`` beside it, held from
the read to the rename, so that two runs never each write back their own copy and lose the
other's change. A run that only reads such a file and what it names (``@NAME``: the index, then
the object) may hold the same lock shared, so that no writer changes them between its two reads.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from ..errors import InputError
from ..limits import FILE_LOCK_WAIT_SECONDS

try:
    import fcntl
except ImportError:  # Windows: no flock; the read-check-write runs unlocked, as it did before
    fcntl = None  # type: ignore[assignment]


def kind_of(mode: int) -> str:
    """What a file that is not a regular file is, in words (``folder``, ``named pipe``…)."""
    for test, name in ((stat.S_ISDIR, "folder"), (stat.S_ISFIFO, "named pipe"), (stat.S_ISCHR, "device"),
                       (stat.S_ISBLK, "device"), (stat.S_ISSOCK, "socket")):
        if test(mode):
            return name
    return "special file"


def check_target(path: str | Path, what: str) -> os.stat_result | None:
    """The status of the file a command is about to write (None when there is none yet);
    InputError for a symbolic link (dangling or not) and for anything but a regular file."""
    try:
        status = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise InputError(f"{path}: cannot write the {what} ({exc.strerror or exc})") from None
    if stat.S_ISLNK(status.st_mode):
        raise InputError(f"{path}: is a symbolic link; the {what} is not written through one (name the file itself)")
    if not stat.S_ISREG(status.st_mode):
        raise InputError(f"{path}: is a {kind_of(status.st_mode)}, not a regular file; the {what} is written only "
                         "to a regular file")
    return status


def refuse_input(path: str | Path, inputs: list[str | Path], what: str) -> None:
    """InputError when ``path`` names one of the command's ``inputs`` (a link to it included)."""
    for source in inputs:
        if str(source) == "-":
            continue
        try:
            same = os.path.samefile(path, source)
        except OSError:
            same = os.path.realpath(path) == os.path.realpath(source)
        if same:
            raise InputError(f"{path}: is {source}, an input of this command; the {what} would overwrite it "
                             "(name another file)")


def mode_for(path: str | Path) -> int:
    """The permissions a file written over ``path`` gets: those of the regular file there (a
    replaced file keeps its mode), else 0666 less the umask, as any new file gets."""
    try:
        status = os.lstat(path)
    except OSError:
        status = None
    if status is not None and stat.S_ISREG(status.st_mode):
        return stat.S_IMODE(status.st_mode)
    return 0o666 & ~_umask()


def _umask() -> int:
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


@contextlib.contextmanager
def replaced(path: str | Path, what: str, *, mode: int | None = None,
             inputs: list[str | Path] | None = None) -> Iterator[IO[str]]:
    """A text file to write ``path``'s new content to; renamed over ``path`` when the block
    ends without an exception, removed otherwise. ``mode``: the file's permissions (a file that
    exists keeps its own unless ``mode`` is given; a new one gets 0666 less the umask)."""
    status = check_target(path, what)
    refuse_input(path, inputs or [], what)
    target = Path(path)
    final_mode = mode if mode is not None else (stat.S_IMODE(status.st_mode) if status else 0o666 & ~_umask())
    try:
        fd, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as exc:
        raise InputError(f"{path}: cannot write the {what} ({exc.strerror or exc})") from None
    try:
        os.fchmod(fd, final_mode)
        # errors: a string may hold half of a surrogate pair (read from JSON's "\udc80"),
        # which UTF-8 cannot carry; written back as that same escape, JSON stays JSON.
        with os.fdopen(fd, "w", encoding="utf-8", errors="backslashreplace", newline="") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise InputError(f"{path}: cannot write the {what} ({exc.strerror or exc})") from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def write_text(path: str | Path, text: str, what: str, *, mode: int | None = None,
               inputs: list[str | Path] | None = None) -> None:
    """``text`` as the whole new content of ``path``, through ``replaced``."""
    with replaced(path, what, mode=mode, inputs=inputs) as handle:
        handle.write(text)


def open_append(path: str | Path, what: str, mode: int = 0o600) -> int:
    """A descriptor to append to ``path`` (created with ``mode``; an existing file is set to
    ``mode`` too), opened for reading as well. Never through a symbolic link, never a file
    that is not regular (checked on the opened file, so a swap after the check is caught)."""
    check_target(path, what)
    flags = os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags, mode)
    except OSError as exc:
        raise InputError(f"{path}: cannot write the {what} ({exc.strerror or exc})") from None
    try:
        status = os.fstat(fd)
        if not stat.S_ISREG(status.st_mode):
            raise InputError(f"{path}: is a {kind_of(status.st_mode)}, not a regular file; the {what} is written "
                             "only to a regular file")
        os.set_blocking(fd, True)
        os.fchmod(fd, mode)
    except BaseException:
        os.close(fd)
        raise
    return fd


#: The locks this thread holds, by lock file: a function that takes a lock may call another
#: that takes the same one (flock would make the second wait for the first, forever).
_held = threading.local()


@contextlib.contextmanager
def locked(path: str | Path, what: str, *, shared: bool = False) -> Iterator[None]:
    """Hold an exclusive lock for a read-check-write of ``path`` (read it, decide, write it
    back): ``<path>.lock`` beside it, created with ``path``'s mode (0666 less the umask when
    there is no ``path`` yet), locked with flock and removed when the block ends. Another run
    waits at most FILE_LOCK_WAIT_SECONDS for it, then InputError. A lock whose holder died is
    free (the kernel drops its flock), so a left-over lock file never blocks anyone.

    ``shared``: a lock for reading ``path`` and what it names (the snapshot store's index, then
    an object a forced save may delete): readers hold it together, a writer waits for them and
    they for it. Where the lock file cannot be made (a folder this user cannot write, such as a
    read-only checkout) the read runs unlocked, as no run of this user can write there either."""
    lock = Path(f"{path}.lock")
    key = os.path.abspath(lock)
    held: set[str] = _held.__dict__.setdefault("paths", set())
    if fcntl is None or key in held:
        yield
        return
    if shared and not (os.path.lexists(lock) or os.access(lock.parent, os.W_OK)):
        yield
        return
    try:
        status = os.lstat(path)
    except OSError:
        status = None
    if status is not None and not (stat.S_ISREG(status.st_mode) or stat.S_ISLNK(status.st_mode)):
        # Refused before a lock file is made beside it (``/dev/null.lock``); a link is the
        # caller's to judge (check_target), the lock beside it harms nothing.
        raise InputError(f"{path}: is a {kind_of(status.st_mode)}, not a regular file; the {what} is written only "
                         "to a regular file")
    fd = _acquire(lock, mode_for(path), what, time.monotonic() + FILE_LOCK_WAIT_SECONDS, shared)
    held.add(key)
    try:
        yield
    finally:
        held.discard(key)
        try:
            # Removed while still held (alone: a reader first makes its lock exclusive, without
            # waiting, and leaves the file to the last reader out when others hold it): a run
            # that opened this file meanwhile finds, once it holds the lock, that the name no
            # longer leads to it, and locks the new file instead.
            if not shared or _held_alone(lock, fd):
                with contextlib.suppress(OSError):
                    os.unlink(lock)
        finally:
            os.close(fd)


def _held_alone(lock: Path, fd: int) -> bool:
    """Whether a reader's lock ``fd`` could be made exclusive without waiting while ``lock`` still
    names it. flock's change of mode may let another run in between, so the name is checked after."""
    assert fcntl is not None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:  # another reader (or a writer) holds it: the last one out removes it
        return False
    return _leads_to(lock, fd)


def _leads_to(lock: Path, fd: int) -> bool:
    try:
        now = os.stat(lock, follow_symlinks=False)
    except FileNotFoundError:
        return False
    opened = os.fstat(fd)
    return (now.st_dev, now.st_ino) == (opened.st_dev, opened.st_ino)


def _acquire(lock: Path, mode: int, what: str, deadline: float, shared: bool = False) -> int:
    """A descriptor of ``lock`` holding its flock (exclusive, or ``shared``), once the name still
    leads to it."""
    assert fcntl is not None
    pause = 0.005
    while True:
        fd = _open_lock(lock, mode, what)
        try:
            while True:
                try:
                    fcntl.flock(fd, (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() >= deadline:
                        raise InputError(f"{lock}: another mcp-inspect has held this lock for "
                                         f"{FILE_LOCK_WAIT_SECONDS:g} s while changing the {what}; try again "
                                         "once it is done") from None
                    time.sleep(pause)
                    pause = min(pause * 2, 0.1)
            if _leads_to(lock, fd):
                return fd
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)  # its holder removed it when done: lock the file the name leads to now


def _open_lock(lock: Path, mode: int, what: str) -> int:
    # Never through a link, never a FIFO (O_NONBLOCK: opening one must not wait for a writer).
    flags = os.O_CREAT | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        try:
            fd = os.open(lock, flags | os.O_RDWR, mode)
        except PermissionError:  # another user's lock file, readable: flock needs no write access
            fd = os.open(lock, flags | os.O_RDONLY, mode)
    except OSError as exc:
        raise InputError(f"{lock}: cannot lock the {what} ({exc.strerror or exc})") from None
    status = os.fstat(fd)
    if not stat.S_ISREG(status.st_mode):
        os.close(fd)
        raise InputError(f"{lock}: is a {kind_of(status.st_mode)}, not a regular file; the {what} is locked only "
                         "through a regular file")
    return fd
