"""Naming bots: the registry, bot specs and their parameters.

A bot spec is what a user types after ``--bot``: a registered name
(``random``, ``rule``, ``pimc``), optionally with parameters
(``pimc:worlds=100,bias=0.3``), or a class of the user's own as
``package.module:Class`` or ``module:Class`` -- imported as Python would from the
current folder, which is on the import path for it -- or as a file's path,
``path/to/file.py:Class`` (parameters after a second colon).  Every mistake is
reported with what was expected: the known bots, the parameters a bot takes,
the values a parameter accepts.
"""

from __future__ import annotations

import importlib
import importlib.util
import math
import os
import sys
from typing import Any, NamedTuple, Sequence

from ...errors import EuchreError
from ...limits import clip
from ...rules.ruleset import RuleSet
from ...rng import RandomSource
from .base import Bot, Param
from .checked import CheckedBot


class BotSpecError(EuchreError, ValueError):
    """A bot spec that names no bot, or gives it parameters it does not take."""


class BotSpec(NamedTuple):
    """A parsed spec: the bot's class and its keyword arguments (typed)."""

    text: str
    name: str
    cls: type
    params: dict[str, Any]


#: The bots known by name, in the order they are listed to users.
BOT_NAMES = ("random", "rule", "pimc")


def bot_class(name: str) -> type:
    """The class of the registered bot ``name`` (one of :data:`BOT_NAMES`), imported
    when first asked for: a run of random bots need not load the search (a few
    milliseconds of every command's start-up)."""
    if name == "random":
        from .random_bot import RandomBot
        return RandomBot
    if name == "rule":
        from .rule import RuleBot
        return RuleBot
    if name == "pimc":
        from .pimc import PimcBot
        return PimcBot
    raise KeyError(name)


def bot_classes() -> dict[str, type]:
    """Name -> class of every registered bot."""
    return {name: bot_class(name) for name in BOT_NAMES}


def params_of(cls: type) -> tuple[Param, ...]:
    """The parameters a bot class declares (its ``PARAMS``; none if it has none)."""
    params = getattr(cls, "PARAMS", ())
    return tuple(params)


def describe_bots() -> str:
    """The registered bots and their parameters, one line each, for help texts."""
    lines = []
    for name, cls in bot_classes().items():
        params = ", ".join(f"{p.name}={p.default}" for p in params_of(cls))
        doc = (cls.__doc__ or "").strip().splitlines()[0] if cls.__doc__ else ""
        lines.append(f"{name}" + (f" ({params})" if params else "") + (f": {doc}" if doc else ""))
    return "\n".join(lines)


def parse_bot_spec(text: str) -> BotSpec:
    """Read one bot spec; raises :class:`BotSpecError` saying what is wrong."""
    spec = text.strip()
    if not spec:
        raise BotSpecError(f"an empty bot spec: name a bot ({', '.join(BOT_NAMES)}) "
                           "or a class as package.module:Class")
    head, _, rest = spec.partition(":")
    first = rest.partition(":")[0].partition(",")[0]
    if head.endswith(PY):
        # path/to/file.py:Class[:key=value,...]
        cls_name, _, raw = rest.partition(":")
        cls = _file_class(spec, head, cls_name)
        name = f"{head}:{cls_name}"
    elif "." in head or head not in BOT_NAMES and first.isidentifier():
        # module:Class[:key=value,...] (a dotted module, or one that is no bot's name)
        cls_name, _, raw = rest.partition(":")
        cls = _import_class(spec, head, cls_name)
        name = f"{head}:{cls_name}"
    else:
        if head not in BOT_NAMES:
            close = [n for n in BOT_NAMES if n.startswith(head[:1])] if head else []
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise BotSpecError(f"unknown bot {head!r}{hint}: the bots are "
                               f"{', '.join(BOT_NAMES)}, or a class of your own as "
                               "package.module:Class")
        cls, raw, name = bot_class(head), rest, head
    return BotSpec(spec, name, cls, _parse_params(name, cls, raw))


#: The end of a spec's head that names a Python file rather than a module.
PY = ".py"


def _import_class(spec: str, module: str, cls_name: str) -> type:
    """``module:Class``, the module imported as ``python`` run here would: the current
    folder is on the import path (after the installed packages, which it cannot shadow),
    so ``examples.train_linear:LinearBot`` works from a checkout's root."""
    if not cls_name:
        raise BotSpecError(f"{spec!r}: name the class after the module, as "
                           "package.module:Class")
    here = os.getcwd()
    if here not in sys.path and "" not in sys.path:
        sys.path.append(here)
    try:
        mod = importlib.import_module(module)
    except Exception as exc:  # noqa: BLE001 - any import failure is the user's to fix
        raise BotSpecError(f"{spec!r}: cannot import module {module!r} "
                           f"({type(exc).__name__}: {exc}); name a module importable from "
                           f"{here}, or the file as path/to/file.py:Class") from None
    return _bot_class(spec, mod, f"module {module!r}", cls_name)


def _file_class(spec: str, path: str, cls_name: str) -> type:
    """``path/to/file.py:Class``: the file run as a module of its own (once a process:
    kept in ``sys.modules`` under a name made from its absolute path, so the bots of
    every seat and game share one class); its folder is on the import path after the
    installed packages, as when Python runs the file."""
    if not cls_name:
        raise BotSpecError(f"{spec!r}: name the class after the file, as "
                           "path/to/file.py:Class")
    import hashlib  # here: loading it (OpenSSL) is a cost every other run would pay

    full = os.path.abspath(path)
    key = "_euchre_bot_" + hashlib.sha256(full.encode()).hexdigest()[:16]
    mod = sys.modules.get(key)
    if mod is None:
        if not os.path.isfile(full):
            raise BotSpecError(f"{spec!r}: there is no file {path!r} (from {os.getcwd()})")
        loader_spec = importlib.util.spec_from_file_location(key, full)
        if loader_spec is None or loader_spec.loader is None:
            raise BotSpecError(f"{spec!r}: {path!r} cannot be loaded as Python")
        mod = importlib.util.module_from_spec(loader_spec)
        sys.modules[key] = mod
        folder = os.path.dirname(full)
        if folder not in sys.path:  # its neighbours import as when Python runs the file
            sys.path.append(folder)
        try:
            loader_spec.loader.exec_module(mod)
        except BaseException as exc:  # noqa: BLE001 - the user's file: any failure is theirs
            del sys.modules[key]
            if isinstance(exc, KeyboardInterrupt):
                raise
            raise BotSpecError(f"{spec!r}: cannot load {path!r} "
                               f"({type(exc).__name__}: {exc})") from None
    return _bot_class(spec, mod, f"file {path!r}", cls_name)


def _bot_class(spec: str, mod: Any, where: str, cls_name: str) -> type:
    cls = getattr(mod, cls_name, None)
    if not isinstance(cls, type):
        raise BotSpecError(f"{spec!r}: {where} has no class {cls_name!r}")
    for method in ("act", "play"):
        if not callable(getattr(cls, method, None)):
            raise BotSpecError(f"{spec!r}: {cls_name} is not a bot: it needs the methods "
                               "act(view, legal) and play(view, legal)")
    return cls


def _parse_params(name: str, cls: type, raw: str) -> dict[str, Any]:
    declared = {p.name: p for p in params_of(cls)}
    out: dict[str, Any] = {}
    if not raw.strip():
        return out
    for item in raw.split(","):
        key, eq, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if not eq or not key:
            raise BotSpecError(f"bot {name!r}: {item.strip()!r} is not a parameter: write "
                               "key=value (several separated by commas)")
        if key not in declared:
            if not declared and not hasattr(cls, "PARAMS"):
                out[key] = value  # a user's class without declared parameters: as given
                continue
            takes = ", ".join(declared) if declared else "no parameters"
            raise BotSpecError(f"bot {name!r} has no parameter {key!r}; it takes {takes}")
        if key in out:
            raise BotSpecError(f"bot {name!r}: parameter {key!r} is given twice")
        out[key] = _convert(name, declared[key], value)
    return out


_TRUE = ("yes", "true", "on", "1")
_FALSE = ("no", "false", "off", "0")


def _convert(name: str, p: Param, value: str) -> Any:
    where = f"bot {name!r}, parameter {p.name!r}"
    if p.kind is bool:
        if value.lower() in _TRUE:
            return True
        if value.lower() in _FALSE:
            return False
        raise BotSpecError(f"{where}: {value!r} is not yes or no")
    if p.kind is str:
        if p.choices is not None and value not in p.choices:
            raise BotSpecError(f"{where}: {value!r} is not one of {', '.join(p.choices)}")
        return value
    try:
        number: float = int(value) if p.kind is int else float(value)
    except ValueError:
        kind = "a whole number" if p.kind is int else "a number"
        raise BotSpecError(f"{where}: {value!r} is not {kind}") from None
    if not math.isfinite(number):  # nan passes every range check, inf is no margin
        raise BotSpecError(f"{where}: {value!r} is not a finite number")
    if p.minimum is not None and number < p.minimum or \
            p.maximum is not None and number > p.maximum:
        lo = "" if p.minimum is None else f"at least {_bound(p.minimum, p.kind)}"
        hi = "" if p.maximum is None else f"at most {_bound(p.maximum, p.kind)}"
        raise BotSpecError(f"{where}: {value} is out of range; it must be "
                           f"{' and '.join(x for x in (lo, hi) if x)}")
    return number


def _bound(value: float, kind: type) -> str:
    """A parameter's limit as a user types it: a whole number in full (1,099,511,627,776,
    not 1.09951e+12), a fraction as short as it goes."""
    return f"{int(value):,}" if kind is int else f"{value:g}"


def split_line_up(text: str) -> list[str]:
    """Split a comma-separated line-up of specs, one per seat
    (``rule,pimc:worlds=100,seed=2,random``): a ``key=value`` piece belongs to
    the spec before it."""
    out: list[str] = []
    for piece in text.split(","):
        if "=" in piece and ":" not in piece and out:
            out[-1] += "," + piece
        else:
            out.append(piece)
    return [p.strip() for p in out]


def make_bot(spec: str | BotSpec, rules: RuleSet, rng: RandomSource) -> Bot:
    """A bot for one seat, from a spec (text or parsed), the rules and its rng.

    A class of the user's own is held to the interface by a
    :class:`~.checked.CheckedBot`: what it does wrong at a decision is a
    :class:`~.checked.BotError` naming it, the seat and the decision."""
    parsed = parse_bot_spec(spec) if isinstance(spec, str) else spec
    try:
        bot: Bot = parsed.cls(rules, rng, **parsed.params)
    except BotSpecError:
        raise  # said by the bot itself (a variant it cannot play)
    except TypeError as exc:
        raise BotSpecError(f"bot {parsed.name!r} cannot be made as "
                           f"{parsed.cls.__name__}(rules, rng, **parameters): {exc}") from None
    except SystemExit as exc:
        raise BotSpecError(f"bot {parsed.name!r} called sys.exit({exc.code!r}) when it was "
                           "made") from None
    except Exception as exc:  # noqa: BLE001 - a plug-in's own failure, said by name
        raise BotSpecError(f"bot {parsed.name!r} cannot be made: it raised "
                           f"{type(exc).__name__}: {clip(str(exc))}") from None
    if parsed.name not in BOT_NAMES or parsed.cls is not bot_class(parsed.name):
        return CheckedBot(bot, parsed.name)
    return bot


def make_bots(specs: Sequence[str | BotSpec], rules: RuleSet, rng: RandomSource) -> list[Bot]:
    """One bot per seat; a single spec seats the same bot everywhere."""
    n = rules.players.count
    if len(specs) == 1:
        specs = list(specs) * n
    if len(specs) != n:
        raise BotSpecError(f"{len(specs)} bots given for {n} seats: give one bot for every "
                           "seat, in seat order, or a single bot for all")
    return [make_bot(s, rules, rng) for s in specs]
