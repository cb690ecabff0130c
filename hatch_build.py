"""Wheel build hook: compile the hot modules with mypyc.

The engine, the simulator and the validator are plain typed Python; mypyc
turns the same source into C extensions, about twice as fast, which is what
lets simulation and validation reach their throughput targets (see README,
"Performance").  The ``.py`` files stay in the wheel beside the extensions.

* Editable installs are never compiled: developers run the source (and the
  command line, ``cli/``, under its installed name ``euchre_dsl_cli``).
* ``EUCHRE_DSL_PURE=1`` builds a pure-Python wheel.
* If compilation fails (no C compiler), the build says so loudly and falls
  back to pure Python; ``euchre --version`` tells which build is installed.
* Compiling takes a while (docs/performance.md, "Installing", has the
  figures), so the extensions are kept in a cache (see :func:`cache_key`):
  building the same sources again with the same Python and mypy --
  ``pip install '.[test]'`` after ``pip install .``, as the README's two
  commands do, for pip rebuilds a local project every time -- reuses them
  instead of compiling again, and then pip does not even install mypy for the
  build (:meth:`MypycBuildHook.dependencies`).  ``EUCHRE_DSL_BUILD_CACHE``
  names the cache's folder (default: ``~/.cache/euchre-dsl``); ``=off``
  disables it.
* Each module is its own C file (mypyc's ``multi_file``), compiled on every
  core at once; pip shows a build's output only with ``-v``, so the progress
  is written to the terminal itself when there is one (:class:`Progress`).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import sysconfig
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from importlib import metadata
from pathlib import Path
from typing import Any, TextIO

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: Modules compiled with mypyc: the hot loops and what they call per action.
COMPILED = (
    "euchre_dsl/cards.py",
    "euchre_dsl/engine/actions.py",
    "euchre_dsl/engine/scoring.py",
    "euchre_dsl/engine/state.py",
    "euchre_dsl/engine/deal.py",
    "euchre_dsl/engine/bidding.py",
    "euchre_dsl/engine/participation.py",
    "euchre_dsl/engine/play.py",
    "euchre_dsl/engine/deal_claims.py",
    "euchre_dsl/engine/partner.py",
    "euchre_dsl/engine/transitions.py",
    "euchre_dsl/engine/machine.py",
    "euchre_dsl/engine/view.py",
    "euchre_dsl/sim/bots/random_bot.py",
    "euchre_dsl/sim/bots/rule.py",
    "euchre_dsl/sim/bots/hand_odds.py",
    "euchre_dsl/sim/bots/truths.py",
    "euchre_dsl/sim/bots/pimc.py",
    "euchre_dsl/sim/runner.py",
    "euchre_dsl/rng.py",
    "euchre_dsl/sim/deals.py",
    "euchre_dsl/sim/summary.py",
    "euchre_dsl/records/notation.py",
    "euchre_dsl/records/writer.py",
    "euchre_dsl/records/shape.py",
    "euchre_dsl/replay/result_claims.py",
    "euchre_dsl/records/positions.py",
    "euchre_dsl/records/reader.py",
    "euchre_dsl/replay/walk.py",
    "euchre_dsl/replay/variants.py",
    "euchre_dsl/validate/validator.py",
    "euchre_dsl/validate/fast_check.py",
    "euchre_dsl/validate/fast_bytes.py",
    "euchre_dsl/records/text_words.py",
    "euchre_dsl/records/text_scan.py",
    "euchre_dsl/records/text_lines.py",
    "euchre_dsl/search/position.py",
    "euchre_dsl/search/solver.py",
    "euchre_dsl/search/worlds.py",
    "euchre_dsl/search/bidding_search.py",
    "euchre_dsl/analysis/analyze.py",
    "euchre_dsl/analysis/decisions.py",
    "euchre_dsl/rl/action_space.py",
    "euchre_dsl/rl/observation.py",
    "euchre_dsl/rl/episode.py",
)


#: mypyc's optimisation level (passed to the C compiler as -O): -O1 compiles in less than
#: half the CPU time of -O3, and the hot loops run about as fast (docs/performance.md,
#: "Installing", has both measured).
OPT_LEVEL = "1"

#: What compiling needs in the build's environment (pip installs them there only when
#: there is something to compile: :meth:`MypycBuildHook.dependencies`).  mypyc
#: type-checks what the compiled modules import: the yaml stubs and lark must be there,
#: or the build falls back to pure Python.
MYPY = "2.4.1"
BUILD_DEPENDENCIES = (f"mypy=={MYPY}", "types-PyYAML", "lark>=1.1", "setuptools>=69")


def cache_key(root: Path) -> str:
    """What the compiled extensions depend on, hashed: the Python and mypy that build
    them, the platform, the options and this file, and every source of the package
    (mypyc reads the types of what the compiled modules import, too)."""
    try:
        mypy_version = metadata.version("mypy")
    except metadata.PackageNotFoundError:  # not installed (yet): the one pip would install
        mypy_version = MYPY
    h = hashlib.sha256()
    for part in (sys.version, sysconfig.get_platform(), sysconfig.get_config_var("EXT_SUFFIX"),
                 mypy_version, OPT_LEVEL, "\n".join(COMPILED)):
        h.update(str(part).encode() + b"\0")
    h.update(Path(__file__).read_bytes())
    for path in sorted((root / "euchre_dsl").rglob("*.py*")):
        if path.suffix in (".py", ".pyi"):
            h.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return h.hexdigest()[:32]


def cache_folder() -> Path | None:
    """The build cache's folder (None: disabled)."""
    named = os.environ.get("EUCHRE_DSL_BUILD_CACHE")
    if named == "off":
        return None
    if named:
        return Path(named)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "euchre-dsl"


def cached_entry(root: Path) -> Path | None:
    """The cache's entry holding the extensions compiled from these sources, if it does."""
    folder = cache_folder()
    if folder is None:
        return None
    entry = folder / cache_key(root)
    return entry if (entry / "complete").is_file() else None


def cores() -> int:
    """The cores this build may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


class Progress:
    """Progress lines for whoever waits for the build.  pip shows a build's own
    output only with ``-v``: the lines go to the terminal (``/dev/tty``) when
    the build has one, so ``pip install .`` in a terminal shows them, and to
    standard error otherwise (a CI log, ``pip install -v``)."""

    def __init__(self) -> None:
        self.start = time.monotonic()
        self.out: TextIO = sys.stderr
        self.tty = False
        try:
            self.out = open("/dev/tty", "w", encoding="utf-8")  # noqa: SIM115 - kept open
            self.tty = True
        except OSError:  # no terminal (CI, a pipe), or not a Unix system
            pass

    def say(self, text: str) -> None:
        line = f"euchre-dsl: {text} [{time.monotonic() - self.start:.0f} s]"
        # at a terminal, pip's spinner is on the current line: start a fresh one
        self.out.write(("\r\033[K" if self.tty else "") + line + "\n")
        self.out.flush()

    def close(self) -> None:
        if self.tty:
            self.out.close()


class MypycBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "mypyc"

    def dependencies(self) -> list[str]:
        """What pip installs in the build's environment before building: nothing when
        nothing will be compiled (a pure build; the sources' extensions in the cache,
        as for the README's second command), else mypy and what it reads."""
        if os.environ.get("EUCHRE_DSL_PURE") or cached_entry(Path(self.root)) is not None:
            return []
        return list(BUILD_DEPENDENCIES)

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        if version == "editable":
            self._editable_cli(build_data)
            return
        if os.environ.get("EUCHRE_DSL_PURE"):
            self.app.display_info("EUCHRE_DSL_PURE is set: building pure Python")
            return
        try:
            built = self._compile()
        except (Exception, SystemExit) as exc:  # noqa: BLE001 - any failure: fall back
            self.app.display_warning(
                f"mypyc compilation failed ({type(exc).__name__}: {exc}); "
                "building pure Python, which is about a third as fast")
            return
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        for path, rel in built:
            build_data["force_include"][str(path)] = rel

    def _editable_cli(self, build_data: dict[str, Any]) -> None:
        """An editable install runs the source tree (``dev-mode-dirs``), where the command
        line is the ``cli/`` folder; the ``euchre`` script imports it by its installed
        name, so give that name a package whose path is the source folder."""
        work = Path(tempfile.mkdtemp(prefix="euchre-dsl-editable-"))
        shim = work / "__init__.py"
        source = Path(self.root, "cli").resolve()
        shim.write_text(f'"""The source tree\'s cli/ folder (an editable install)."""\n\n'
                        f"__path__ = [{str(source)!r}]\n", encoding="utf-8")
        build_data["force_include"][str(shim)] = "euchre_dsl_cli/__init__.py"

    def _compile(self) -> list[tuple[Path, str]]:
        """The compiled extensions as (path, path in the wheel): from the cache when it
        holds this build's, else compiled now (and kept there)."""
        root = Path(self.root)
        entry = cached_entry(root)
        if entry is not None:
            built = [(p, p.relative_to(entry).as_posix()) for p in entry.rglob("*")
                     if p.suffix in (".so", ".pyd")]
            if built:
                print(f"mypyc: reusing the {len(built)} extension modules compiled from "
                      f"these sources ({entry})", file=sys.stderr)
                return built
        built = self._mypycify(root)
        folder = cache_folder()
        if folder is None:
            return built
        entry = folder / cache_key(root)
        try:
            self._keep(entry, built)
        except OSError as exc:  # a cache that cannot be written costs the next build only
            self.app.display_warning(f"mypyc: the build cache was not written ({exc})")
        return built

    @staticmethod
    def _keep(entry: Path, built: list[tuple[Path, str]]) -> None:
        """Put ``built`` in the cache as ``entry``, the only entry kept (the cache holds
        the last build's extensions, not every build's)."""
        folder = entry.parent
        folder.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix="incoming-", dir=folder))
        for path, rel in built:
            (work / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, work / rel)
        (work / "complete").write_text("", encoding="utf-8")
        for old in folder.iterdir():
            if old != work:
                shutil.rmtree(old, ignore_errors=True)
        os.replace(work, entry)

    def _mypycify(self, root: Path) -> list[tuple[Path, str]]:
        from mypyc.build import mypycify

        work = Path(tempfile.mkdtemp(prefix="euchre-dsl-mypyc-"))
        progress = Progress()
        jobs = cores()
        progress.say(f"compiling {len(COMPILED)} modules with mypyc, once (later installs of "
                     f"these sources reuse them): type-checking them first")
        old = os.getcwd()
        os.chdir(root)
        try:
            extensions = mypycify(list(COMPILED), opt_level=OPT_LEVEL, multi_file=True,
                                  target_dir=str(work / "c"))
            total = sum(len(e.sources) for e in extensions)
            progress.say(f"translated to C; compiling its {total} files on {jobs} "
                         f"core{'s' if jobs > 1 else ''}")
            _build_ext(extensions, work, jobs, progress, total)
        finally:
            os.chdir(old)
        lib = work / "lib"
        built = [(p, p.relative_to(lib).as_posix()) for p in lib.rglob("*")
                 if p.suffix in (".so", ".pyd")]
        if not built:
            progress.close()
            raise RuntimeError("mypyc produced no extension modules")
        progress.say(f"compiled {len(built)} extension modules")
        progress.close()
        return built


def _build_ext(extensions: list[Any], work: Path, jobs: int, progress: Progress,
               total: int) -> None:
    """setuptools' ``build_ext`` of mypyc's extensions, ``jobs`` C files at a time
    (setuptools compiles an extension's files one after another: here the
    extensions are built side by side, and each one's files too), with a progress
    line at every tenth of them."""
    from setuptools import Distribution
    from setuptools.command.build_ext import build_ext

    lock = threading.Lock()
    done = [0]
    step = max(1, total // 10)

    class ParallelBuildExt(build_ext):  # type: ignore[misc]
        def build_extensions(self) -> None:
            compiler = self.compiler
            one_file = compiler._compile

            def compile_one(obj: str, src: str, ext: str, cc_args: list[str],
                            extra_postargs: list[str], pp_opts: list[str]) -> None:
                one_file(obj, src, ext, cc_args, extra_postargs, pp_opts)
                with lock:
                    done[0] += 1
                    if done[0] % step == 0 and done[0] < total:
                        progress.say(f"{done[0]} of {total} C files compiled")

            def compile_all(sources: list[str], output_dir: str | None = None,
                            macros: Any = None, include_dirs: Any = None, debug: bool = False,
                            extra_preargs: Any = None, extra_postargs: Any = None,
                            depends: Any = None) -> list[str]:
                macros, objects, extra_postargs, pp_opts, build = compiler._setup_compile(
                    output_dir, macros, include_dirs, sources, depends, extra_postargs)
                cc_args = compiler._get_cc_args(pp_opts, debug, extra_preargs)

                def one(obj: str) -> None:
                    src, ext = build[obj]
                    compile_one(obj, src, ext, cc_args, extra_postargs, pp_opts)

                with ThreadPoolExecutor(jobs) as pool:
                    for _ in pool.map(one, objects):  # each one's error, if any, raised here
                        pass
                return list(objects)

            compiler.compile = compile_all
            super().build_extensions()

    dist = Distribution({"name": "euchre-dsl", "ext_modules": extensions,
                         "cmdclass": {"build_ext": ParallelBuildExt}})
    cmd = dist.get_command_obj("build_ext")
    cmd.build_lib = str(work / "lib")  # type: ignore[attr-defined]
    cmd.build_temp = str(work / "tmp")  # type: ignore[attr-defined]
    cmd.parallel = jobs  # type: ignore[attr-defined]
    cmd.ensure_finalized()
    cmd.run()
