"""Writing output files so that nothing is lost: atomically, and failures said clearly.

Every command that writes a file goes through :func:`atomic_output` (or
:func:`write_atomic` for a whole text at once): the output is written to a
temporary file in the target's own folder, flushed and ``fsync``-ed, and only
then renamed over the target -- one ``os.replace``, atomic on POSIX and
Windows.  Until that moment the target keeps its old contents, whatever
happens: an error in the input, a full disk, an interrupted run.  A caller
may also decide, at the end, that the output is not worth keeping
(:meth:`AtomicFile.discard`, e.g. a conversion that read nothing but
garbage), and the target stays as it was.

A target that exists and is not a regular file -- ``/dev/null``,
``/dev/full``, a named pipe -- cannot be replaced and is written in place.

Failures to write are :class:`OutputError`, distinct from ``OSError`` so that a
command reading one file while writing another never blames the wrong one
(a full disk is not "cannot read IN").  :func:`guard_stdout` gives the same
to standard output (``> /dev/full``).
"""

from __future__ import annotations

import io
import os
import stat
import sys
import tempfile
from contextlib import contextmanager
from typing import IO, Iterator

from .errors import EuchreError, Location, Problem

#: How standard output is named in messages.
STDOUT_NAME = "standard output"


class OutputError(EuchreError):
    """Writing ``name`` failed (a full disk, no permission, a missing folder).

    Raised instead of the ``OSError`` it wraps; the target of an atomic write
    is left as it was.  Its one problem has the code ``cannot-write``.
    """

    def __init__(self, name: str, error: OSError):
        reason = error.strerror or str(error)
        self.message = f"cannot write {name}: {reason}"
        super().__init__(Problem("cannot-write", self.message, location=Location(name)))
        self.name = name
        self.error = error

    def __str__(self) -> str:
        return self.message


class GuardedWriter(io.TextIOBase):
    """A text stream over another whose write failures are :class:`OutputError`.

    ``BrokenPipeError`` (the reader went away, as with ``| head``) passes
    through unchanged: commands treat it as a normal end, not a failure.
    """

    def __init__(self, raw: IO[str], name: str):
        super().__init__()
        self._raw = raw
        self.name = name

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        try:
            return self._raw.write(text)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputError(self.name, exc) from exc

    def flush(self) -> None:
        try:
            self._raw.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputError(self.name, exc) from exc

    def fileno(self) -> int:
        return self._raw.fileno()


class AtomicFile(GuardedWriter):
    """The stream :func:`atomic_output` gives: written to a temporary file."""

    def __init__(self, raw: IO[str], name: str):
        super().__init__(raw, name)
        self.keep = True

    def discard(self) -> None:
        """Leave the target untouched: what was written is thrown away at the end."""
        self.keep = False


def _new_file_mode() -> int:
    """The mode ``open()`` would give a new file: 0o666 less the umask."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


@contextmanager
def atomic_output(path: str) -> Iterator[AtomicFile]:
    """A text stream (UTF-8, ``\\n`` line ends) that replaces ``path`` on success.

    The target is replaced only when the ``with`` block ends normally and the
    stream was not :meth:`~AtomicFile.discard`-ed; on any exception the
    temporary file is removed and the target is untouched.  Write failures
    (here or in the block) are :class:`OutputError`.  A symbolic link is
    followed: the file it points to is replaced, the link stays.
    """
    real = os.path.realpath(path)
    try:
        st: os.stat_result | None = os.stat(real)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise OutputError(path, exc) from exc
    if st is not None and not stat.S_ISREG(st.st_mode):  # a device or a pipe: in place
        try:
            raw = open(real, "w", encoding="utf-8", newline="\n")  # noqa: SIM115
        except OSError as exc:
            raise OutputError(path, exc) from exc
        with raw:
            device = AtomicFile(raw, path)
            yield device
            device.flush()
        return
    folder, base = os.path.split(real)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{base[:100]}.", suffix=".tmp", dir=folder or ".")
    except OSError as exc:
        raise OutputError(path, exc) from exc
    raw = os.fdopen(fd, "w", encoding="utf-8", newline="\n")
    done = False
    try:
        out = AtomicFile(raw, path)
        yield out
        if out.keep:
            try:
                raw.flush()
                os.fsync(raw.fileno())
                os.chmod(tmp, stat.S_IMODE(st.st_mode) if st is not None else _new_file_mode())
                raw.close()
                os.replace(tmp, real)
            except OSError as exc:
                raise OutputError(path, exc) from exc
            done = True
            _sync_folder(folder or ".")
    finally:
        if not done:
            try:
                raw.close()
            except OSError:
                pass  # a full disk again: the file is removed all the same
            try:
                os.unlink(tmp)
            except OSError:
                pass


def _sync_folder(folder: str) -> None:
    """Make the rename itself durable where the system allows it (POSIX)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # not supported for folders here: the rename is still atomic
    finally:
        os.close(fd)


def write_atomic(path: str, text: str) -> None:
    """Replace ``path`` with ``text`` atomically (see :func:`atomic_output`)."""
    with atomic_output(path) as out:
        out.write(text)


class _GuardedStdout(io.TextIOWrapper):
    """``sys.stdout`` whose write failures are :class:`OutputError` (see :func:`guard_stdout`)."""

    def write(self, text: str) -> int:
        try:
            return super().write(text)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputError(STDOUT_NAME, exc) from exc

    def flush(self) -> None:
        try:
            super().flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputError(STDOUT_NAME, exc) from exc


_ORIGINAL_STDOUT: list[IO[str]] = []  # kept alive: it shares its buffer with the guard


def guard_stdout() -> None:
    """Make every failed write to standard output an :class:`OutputError`.

    For a command line's entry point: the same stream (buffer, encoding,
    line buffering) under a wrapper that says which output failed, so a
    full disk behind ``>`` is reported as such, never as a read error or a
    traceback.  Text the encoding cannot hold -- the only such text left is a
    file name's bytes that are not UTF-8, kept by Python as lone surrogates
    (readers refuse them in records and variant files) -- is written as a
    ``\\udcff`` escape, as on standard error: never a ``UnicodeEncodeError``,
    never bytes that are not UTF-8, and inside a JSON string it is JSON's own
    escape, so a ``--report json`` stays valid JSON.  Does nothing when
    standard output is not a real text file (a test runner's buffer).
    """
    out = sys.stdout
    if isinstance(out, _GuardedStdout) or type(out) is not io.TextIOWrapper:
        return
    _ORIGINAL_STDOUT.append(out)
    sys.stdout = _GuardedStdout(out.buffer, encoding=out.encoding, errors="backslashreplace",
                                line_buffering=out.line_buffering,
                                write_through=out.write_through)
