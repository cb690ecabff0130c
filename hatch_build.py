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
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any

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
    "euchre_dsl/engine/game.py",
    "euchre_dsl/engine/view.py",
    "euchre_dsl/sim/bots/random_bot.py",
    "euchre_dsl/sim/bots/rule.py",
    "euchre_dsl/sim/bots/pimc.py",
    "euchre_dsl/sim/runner.py",
    "euchre_dsl/rng.py",
    "euchre_dsl/sim/deals.py",
    "euchre_dsl/sim/stats.py",
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
    "euchre_dsl/rl/actions.py",
    "euchre_dsl/rl/observation.py",
    "euchre_dsl/rl/table.py",
)


class MypycBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "mypyc"

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
        from mypyc.build import mypycify
        from setuptools import Distribution

        root = Path(self.root)
        work = Path(tempfile.mkdtemp(prefix="euchre-dsl-mypyc-"))
        old = os.getcwd()
        os.chdir(root)
        try:
            extensions = mypycify(list(COMPILED), opt_level="3", target_dir=str(work / "c"))
            dist = Distribution({"name": "euchre-dsl", "ext_modules": extensions})
            cmd = dist.get_command_obj("build_ext")
            cmd.build_lib = str(work / "lib")  # type: ignore[attr-defined]
            cmd.build_temp = str(work / "tmp")  # type: ignore[attr-defined]
            cmd.ensure_finalized()
            cmd.run()
        finally:
            os.chdir(old)
        lib = work / "lib"
        built = [(p, p.relative_to(lib).as_posix()) for p in lib.rglob("*")
                 if p.suffix in (".so", ".pyd")]
        if not built:
            raise RuntimeError("mypyc produced no extension modules")
        print(f"mypyc: compiled {len(built)} extension modules", file=sys.stderr)
        return built
