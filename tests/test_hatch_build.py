"""The build hook's cache of compiled modules (``hatch_build.py``): the README's second
install (``pip install '.[test]'``, which pip builds again) reuses what the first compiled.

Compiling is replaced here by a stand-in that writes two files and counts its calls:
what is tested is the cache around it, not mypyc."""

from __future__ import annotations

import sys
import types
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import hatch_build  # noqa: E402


def _hook(root: Path, calls: list[int], tmp: Path) -> Any:
    """A stand-in for the hook: its ``_compile`` with a compile that counts its calls."""
    def compile_now(_root: Path) -> list[tuple[Path, str]]:
        calls.append(1)
        out = tmp / f"build-{len(calls)}"
        (out / "euchre_dsl" / "engine").mkdir(parents=True)
        ext = out / "euchre_dsl" / "engine" / "game.cpython-311-x86_64-linux-gnu.so"
        ext.write_bytes(b"game %d" % len(calls))
        shared = out / "ab12__mypyc.cpython-311-x86_64-linux-gnu.so"
        shared.write_bytes(b"shared")
        return [(ext, ext.relative_to(out).as_posix()), (shared, shared.name)]

    hook = types.SimpleNamespace(root=str(root), app=types.SimpleNamespace(
        display_warning=lambda text: None))
    hook._mypycify = compile_now
    hook._keep = hatch_build.MypycBuildHook._keep
    return hook


def _tree(tmp: Path) -> Path:
    """A package tree of two sources to build from."""
    root = tmp / "src"
    (root / "euchre_dsl" / "engine").mkdir(parents=True)
    (root / "euchre_dsl" / "__init__.py").write_text("", encoding="utf-8")
    (root / "euchre_dsl" / "engine" / "game.py").write_text("X = 1\n", encoding="utf-8")
    return root


def test_the_same_sources_compile_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EUCHRE_DSL_BUILD_CACHE", str(tmp_path / "cache"))
    root = _tree(tmp_path)
    calls: list[int] = []
    hook = _hook(root, calls, tmp_path)
    first = hatch_build.MypycBuildHook._compile(hook)
    second = hatch_build.MypycBuildHook._compile(hook)
    assert len(calls) == 1
    assert sorted(rel for _, rel in first) == sorted(rel for _, rel in second) == \
        ["ab12__mypyc.cpython-311-x86_64-linux-gnu.so",
         "euchre_dsl/engine/game.cpython-311-x86_64-linux-gnu.so"]
    assert {rel: p.read_bytes() for p, rel in second} == {rel: p.read_bytes() for p, rel in first}
    # a changed source is compiled again, and only the newest build is kept
    (root / "euchre_dsl" / "engine" / "game.py").write_text("X = 2\n", encoding="utf-8")
    hatch_build.MypycBuildHook._compile(hook)
    assert len(calls) == 2
    assert len(list((tmp_path / "cache").iterdir())) == 1


def test_the_key_follows_every_source_and_the_cache_can_be_turned_off(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _tree(tmp_path)
    key = hatch_build.cache_key(root)
    assert hatch_build.cache_key(root) == key
    (root / "euchre_dsl" / "other.py").write_text("", encoding="utf-8")  # a module not compiled
    assert hatch_build.cache_key(root) != key
    monkeypatch.setenv("EUCHRE_DSL_BUILD_CACHE", "off")
    assert hatch_build.cache_folder() is None
    calls: list[int] = []
    hook = _hook(root, calls, tmp_path)
    hatch_build.MypycBuildHook._compile(hook)
    hatch_build.MypycBuildHook._compile(hook)
    assert len(calls) == 2


def test_pip_installs_the_compiler_only_when_there_is_something_to_compile(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EUCHRE_DSL_BUILD_CACHE", str(tmp_path / "cache"))
    monkeypatch.delenv("EUCHRE_DSL_PURE", raising=False)
    root = _tree(tmp_path)
    calls: list[int] = []
    hook = _hook(root, calls, tmp_path)
    needs = hatch_build.MypycBuildHook.dependencies
    assert needs(hook) == list(hatch_build.BUILD_DEPENDENCIES)
    assert any(d.startswith("mypy==") for d in needs(hook))
    hatch_build.MypycBuildHook._compile(hook)  # the first install compiles ...
    assert needs(hook) == []  # ... the second builds from the cache: no mypy to install
    (root / "euchre_dsl" / "engine" / "game.py").write_text("X = 3\n", encoding="utf-8")
    assert needs(hook) == list(hatch_build.BUILD_DEPENDENCIES)
    monkeypatch.setenv("EUCHRE_DSL_PURE", "1")
    assert needs(hook) == []


def test_the_cache_key_does_not_wait_for_mypy_to_be_installed(tmp_path: Path) -> None:
    """pip asks for the build's dependencies before installing any: the key must be the
    same then (mypy absent: the pinned version) as when compiling (mypy present)."""
    from importlib import metadata
    try:
        installed = metadata.version("mypy")
    except metadata.PackageNotFoundError:
        installed = hatch_build.MYPY
    assert installed == hatch_build.MYPY, "the pin in hatch_build.py and the test venv's mypy differ"
    assert f"mypy=={hatch_build.MYPY}" in hatch_build.BUILD_DEPENDENCIES
