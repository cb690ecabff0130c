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

import fcntl
import io
import os
import stat
import sys
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
    import tempfile  # here: a command that writes no file need not load it (start-up)

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


#: What a resumable output's work in progress is called: the target's name and this.
PARTIAL_SUFFIX = ".partial"


class OutputBusy(EuchreError):
    """Another process is writing the same output (its ``.partial`` file is locked)."""

    def __init__(self, name: str, partial: str):
        self.message = (f"{name} is being written by another command (it holds {partial}): "
                        "wait for it to finish, or write to another file")
        super().__init__(Problem("output-busy", self.message, location=Location(name)))

    def __str__(self) -> str:
        return self.message


class PartialOutput:
    """An output built in ``TARGET.partial`` and renamed over the target at the end.

    For a long run that should survive an interruption (``euchre simulate -o``):
    the target keeps its old contents until :meth:`commit` (one ``os.replace``,
    as :func:`atomic_output`), while the work so far sits under a name that
    the next run can find and continue (``--resume``).  The ``.partial`` file
    is held under an exclusive lock for the whole run, so a second writer of
    the same target is refused (:class:`OutputBusy`) instead of interleaving
    with the first.  The lock dies with the process, so a killed run leaves
    its ``.partial`` file free for the next one.  A symbolic link is followed:
    the file it points to is replaced, the link stays.  Write failures are
    :class:`OutputError`.
    """

    def __init__(self, path: str):
        self.name = path
        self.real = os.path.realpath(path)
        self.partial = self.real + PARTIAL_SUFFIX
        self.fd = self._open_locked()

    def _open_locked(self) -> int:
        """The ``.partial`` file, opened and locked; the lock is taken on the file
        that still has that name (a run that just finished renamed its own)."""
        while True:
            try:
                fd = os.open(self.partial, os.O_RDWR | os.O_CREAT, 0o666)
            except OSError as exc:
                raise OutputError(self.name, exc) from exc
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                raise OutputBusy(self.name, self.partial) from None
            except OSError as exc:
                os.close(fd)
                raise OutputError(self.name, exc) from exc
            try:
                same = os.path.samestat(os.fstat(fd), os.stat(self.partial))
            except FileNotFoundError:
                same = False
            if same:
                return fd
            os.close(fd)  # renamed or removed by the writer we waited for: open again

    def read(self) -> bytes:
        """What the ``.partial`` file holds (an interrupted run's records)."""
        size = self.size()
        return os.pread(self.fd, size, 0) if size else b""

    def size(self) -> int:
        """Bytes in the ``.partial`` file."""
        return os.fstat(self.fd).st_size if self.fd >= 0 else 0

    def truncate(self, size: int) -> None:
        """Keep the first ``size`` bytes; writing goes on after them."""
        try:
            os.ftruncate(self.fd, size)
            os.lseek(self.fd, size, os.SEEK_SET)
        except OSError as exc:
            raise OutputError(self.name, exc) from exc

    def write(self, data: bytes) -> None:
        """Append ``data`` whole (a short write is carried on)."""
        view = memoryview(data)
        try:
            while view:
                view = view[os.write(self.fd, view):]
        except OSError as exc:
            raise OutputError(self.name, exc) from exc

    def commit(self) -> None:
        """Flush to disk and rename over the target (which keeps its mode)."""
        try:
            try:
                mode = stat.S_IMODE(os.stat(self.real).st_mode)
            except FileNotFoundError:
                mode = _new_file_mode()
            os.fsync(self.fd)
            os.fchmod(self.fd, mode)
            os.replace(self.partial, self.real)
        except OSError as exc:
            raise OutputError(self.name, exc) from exc
        self.close()
        _sync_folder(os.path.dirname(self.real) or ".")

    def abandon(self, keep: bool) -> None:
        """Give up: the target is untouched; the ``.partial`` file stays (``keep``:
        there is work to resume) or is removed."""
        if not keep and self.fd >= 0:
            try:
                os.unlink(self.partial)  # while still locked: nobody else has it
            except OSError:
                pass
        self.close()

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)  # releases the lock
            self.fd = -1


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
