"""Pieces the hostile-input tests share: inputs that cannot live in the repository.

A folder nested a thousand deep, a named pipe, a link out of a folder: these
are made in a test's temporary folder, and the deep folder is removed again
one level at a time (``shutil.rmtree``, which pytest uses to clear old
temporary folders, recurses once per level and would fail on it).
"""

from __future__ import annotations

import os
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator


@contextmanager
def deep_folders(top: Path, depth: int) -> Iterator[Path]:
    """``top/d/d/.../d`` (``depth`` levels), made and removed again with loops."""
    made: list[Path] = []
    deep = top
    try:
        for _ in range(depth):  # one level at a time: mkdir(parents=True) recurses
            deep /= "d"
            deep.mkdir()
            made.append(deep)
        yield deep
    finally:
        for folder in reversed(made):  # the level below is gone already
            for entry in os.scandir(folder):
                if entry.is_dir(follow_symlinks=False):
                    os.rmdir(entry.path)  # an empty folder a test made there
                else:
                    os.unlink(entry.path)
            folder.rmdir()


@contextmanager
def unblocked(fifo: Path, after: float = 10.0) -> Iterator[None]:
    """Write a variant to the named pipe ``fifo`` after ``after`` seconds if a reader
    still waits on it, so that a reader that opens it fails its test instead of
    hanging the suite."""
    done = threading.Event()

    def feed() -> None:
        wait = after
        while not done.wait(wait):  # then every reader that comes, until the test ends
            wait = 0.2
            try:  # without waiting: a writer's open blocks until a reader comes
                fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
            except OSError:  # no reader waits now
                continue
            with os.fdopen(fd, "w") as f:
                f.write("extends: standard\n")

    feeder = threading.Thread(target=feed, daemon=True)
    feeder.start()
    try:
        yield
    finally:
        done.set()
        feeder.join()
