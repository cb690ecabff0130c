"""Our bots against OpenSpiel's ISMCTS: ``python bench/vs_openspiel.py``; writes a section
of docs/strength.md.

The game is OpenSpiel's ``euchre`` (open-spiel 2.0.2, stick the dealer,
defending alone allowed: our ``openspiel`` variant), one hand a game.  Our
bot (``--bot``: ``pimc`` or ``rule``, repeatable) takes one partnership,
OpenSpiel's information-set Monte Carlo tree search (ISMCTS, ``--sims``
simulations a decision) the other.  Every deal is played twice with the
partnerships' seats swapped -- the same cards, the same dealer -- so the luck
of the cards cancels out of the difference (bench/strength.py's duplicate
method, whose seating, per-hand points and statistics are reused here).

One game, two views in step: OpenSpiel's state, which ISMCTS searches, and
our engine's game (:class:`~openspiel_mirror.Mirror`),
which our bots see through their seat's view.  Every action goes to both;
before each one the two engines must agree on the set of legal actions, and
at the end on the score -- any disagreement stops the run.

ISMCTS draws a world of hidden cards for every simulation.  OpenSpiel's own
resampler for euchre keeps the real undealt cards and the dealer's real
discard, which the searching player has never seen; here it draws from
:class:`~fair_sampler.FairSampler`, which deals the unseen
cards uniformly among the deals consistent with the player's information.
ISMCTS is otherwise as OpenSpiel ships it: UCT with ``c = 2``, one random
rollout per leaf, a fresh world every simulation, the most visited action.

Deal ``i`` is shuffled by ``random.Random("<seed>:os:<i>")`` with dealer
``i % 4``; every bot has its own random stream per deal, seating and seat.
Tasks (one duplicate deal each) run in ``--workers`` processes and are merged
in order, so the result is the same for any number of workers.  ``--quick``
divides the deals by 25 and the simulations by 10 for a smoke run.

The section in docs/strength.md has a row per bot, each naming the run behind
it: a run of some bots (``--bot``) rewrites their rows and keeps the others'.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
try:  # measure the installed build (compiled or not); else the source tree
    import euchre_dsl  # noqa: F401
except ImportError:
    sys.path.insert(0, str(ROOT))

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts
except ImportError:
    sys.exit("bench/vs_openspiel.py needs OpenSpiel: pip install open-spiel")

import report_sections  # noqa: E402
from bench_args import positive  # noqa: E402
from fair_sampler import FairSampler  # noqa: E402
from openspiel_mirror import Mirror, openspiel_ids  # noqa: E402
from strength import HandOut, Match, Summary, TaskOut, hand_out, pct, seats_of, \
    summarise  # noqa: E402
from euchre_dsl import build  # noqa: E402
from euchre_dsl.engine.actions import PLAY, PLAYING  # noqa: E402
from euchre_dsl.engine.view import SeatView  # noqa: E402
from euchre_dsl.interop.openspiel import (  # noqa: E402
    FIRST_TRUMP_ACTION, VARIANT_PARAMS, card_to_openspiel,
)
from euchre_dsl.sim.bots import Bot, make_bot  # noqa: E402

BEGIN = "<!-- vs-openspiel: written by bench/vs_openspiel.py -->"
END = "<!-- /vs-openspiel -->"
#: The issue's measurement: what a run must reach for its figures to count.
TARGET_DEALS = 1000
TARGET_SIMS = 1000
PIMC_MARGIN = 0.3
UCT_C = 2.0


class Task(NamedTuple):
    bot: str
    sims: int
    number: int  # the deal's number in the match
    seed: int


@lru_cache(maxsize=1)
def openspiel_game() -> Any:
    return pyspiel.load_game(VARIANT_PARAMS.game_string())


def seed32(text: str) -> int:
    """A 32-bit seed for numpy's generators, from a string (the same on any machine)."""
    return random.Random(text).getrandbits(32)


def public_trump(state: Any) -> int | None:
    """The trump suit named so far (0-3: clubs, diamonds, hearts, spades), which every
    player saw: the suit of the first bid that was not a pass (bids 25-28; the chance
    actions that deal the cards are 0-23, a pass 24)."""
    for a in state.history():
        if FIRST_TRUMP_ACTION <= a < FIRST_TRUMP_ACTION + 4:
            return int(a - FIRST_TRUMP_ACTION)
    return None


class RecallingISMCTS(ismcts.ISMCTSBot):  # type: ignore[misc]
    """ISMCTS whose tree tells apart decisions OpenSpiel's information-state string
    for euchre (open-spiel 2.0.2) does not:

    * a defender asked whether to defend alone, and the same defender leading after
      both defenders declined (both read "Defender go alone: false", with no card
      played yet).  Merged, the lead finds the node of the decision and its card has
      no prior (a ``KeyError``).  The key adds the number of moves so far;
    * the same cards and moves under different trumps: when the dealer's left names
      trump in the second round the string reads "Pick up!" without the suit, so
      states with different trumps shared nodes (8,482 shared visits in 12
      searches), quietly weakening the search.  The key adds the trump named.

    Both are public: everyone at the table knows them."""

    def get_state_key(self, state: Any) -> Any:
        return (*super().get_state_key(state), state.move_number(), public_trump(state))


def ismcts_bot(sims: int, stream: str) -> Any:
    """OpenSpiel's ISMCTS with ``sims`` simulations, drawing worlds from our fair sampler."""
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed32(f"{stream}:roll")))
    bot = RecallingISMCTS(openspiel_game(), evaluator, UCT_C, sims,
                          random_state=np.random.RandomState(seed32(f"{stream}:search")),
                          final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
    bot.set_resampler(FairSampler(random.Random(f"{stream}:worlds")))
    return bot


def the_deal(index: int, seed: int) -> list[int]:
    """Deal ``index``'s chance actions: the dealer, the twenty cards dealt, the upcard."""
    cards = list(range(24))
    random.Random(f"{seed}:os:{index}").shuffle(cards)
    return [index % 4] + cards[:21]


def our_ids(bot: Bot, mirror: Mirror, seat: int) -> list[int]:
    """Our bot's decision, as OpenSpiel's action ids (a bid and its decision for a call)."""
    game = mirror.known_game()
    assert game.to_act == seat, (game.to_act, seat)
    view = SeatView(game, seat)
    legal = game.legal_actions()
    if game.phase == PLAYING:
        mask = 0
        for a in legal:
            assert a.verb == PLAY and a.arg is not None
            mask |= 1 << a.arg
        return [card_to_openspiel(bot.play(view, mask))]
    return openspiel_ids(bot.act(view, legal), game)


def play_hand(deal: list[int], mine: list[bool], bot_name: str, sims: int, stream: str
              ) -> HandOut:
    """One hand: our bot in the seats ``mine`` says, ISMCTS in the others."""
    state = openspiel_game().new_initial_state()
    for a in deal:
        state.apply_action(a)
    mirror = Mirror(deal)
    rules = VARIANT_PARAMS.ruleset()
    ours = {s: make_bot(bot_name, rules, random.Random(f"{stream}:bot:{s}"))
            for s in range(4) if mine[s]}
    theirs = {s: ismcts_bot(sims, f"{stream}:ismcts:{s}") for s in range(4) if not mine[s]}
    queued: dict[int, list[int]] = {s: [] for s in range(4)}
    while not state.is_terminal():
        seat = state.current_player()
        legal = set(state.legal_actions())
        if mirror.to_act() != seat or mirror.legal_ids() != legal:
            raise AssertionError(f"the engines disagree after {state.history()}: OpenSpiel "
                                 f"has {seat} to act with {sorted(legal)}, ours "
                                 f"{mirror.to_act()} with {sorted(mirror.legal_ids())}")
        if seat in theirs:
            action = int(theirs[seat].step(state))
        elif queued[seat] and queued[seat][0] in legal:
            # the maker's decision, asked after the bid (and after the discard, which
            # is the maker's own when the dealer orders itself up)
            action = queued[seat].pop(0)
        else:
            action, *later = our_ids(ours[seat], mirror, seat)
            queued[seat] += later
        state.apply_action(action)
        mirror.push(action)
    game = mirror.game
    result = game.last_result
    assert game.hand_over and result is not None
    returns = state.returns()
    for s in range(4):
        side = game.side_of[s]
        if returns[s] != result.points[side] - result.points[1 - side]:
            raise AssertionError(f"the scores disagree after {state.history()}: OpenSpiel "
                                 f"{returns}, ours {result.points}")
    return hand_out(game, mine)


def run_task(task: Task) -> TaskOut:
    """One duplicate deal: played twice, our bot's seats and ISMCTS's swapped."""
    deal = the_deal(task.number, task.seed)
    rules = VARIANT_PARAMS.ruleset()
    hands = []
    for swap in (0, 1):
        stream = f"{task.seed}:os:{task.bot}:{task.number}:{swap}"
        try:
            hands.append((play_hand(deal, seats_of(rules, swap), task.bot, task.sims, stream),))
        except Exception as exc:  # the engine's errors do not unpickle: the pool would hang
            raise RuntimeError(f"deal {task.number}, seating {swap}: {exc!r}") from None
    return TaskOut(tuple(hands), ())


def run_match(pool: Any, bot: str, sims: int, deals: int, seed: int) -> Summary:
    match = Match(f"{bot}-ismcts{sims}", "openspiel", bot, f"ISMCTS-{sims}", "hands", deals)
    start = time.perf_counter()
    outs: list[TaskOut] = []
    tasks = [Task(bot, sims, i, seed) for i in range(deals)]
    for k, out in enumerate(pool.imap(run_task, tasks, chunksize=1)):
        outs.append(out)  # imap keeps task order: the merge is deterministic
        done = k + 1
        el = time.perf_counter() - start
        print(f"[{match.key}] {done}/{deals} duplicate deals, {el:.0f}s elapsed, about "
              f"{el / done * (deals - done):.0f}s to go", file=sys.stderr, flush=True)
    return summarise(match, outs, time.perf_counter() - start)


def full_size(opponent: str, deals: int) -> bool:
    """Whether a match is the measurement the issue asks for (not a smoke run)."""
    return deals >= TARGET_DEALS and opponent.endswith(f"-{TARGET_SIMS}")


class Row(NamedTuple):
    """One bot's figures in the section: its run, its result and its target, as lines."""
    run: str
    result: str
    target: str

    @property
    def smoke(self) -> str | None:
        """"A vs B on N deals" when the row falls short of the issue's measurement."""
        cells = [c.strip() for c in self.result.split("|")]
        name, deals = cells[1], int(cells[2].replace(",", ""))
        return None if full_size(name, deals) else f"{name} on {deals:,} deals"


def kept_rows(doc: str, bots: list[str]) -> dict[str, Row]:
    """The rows of the bots *not* in ``bots`` in ``doc``'s section, as they were
    written: a run of some bots keeps the others' figures, each with the command
    that measured it (a section written before rows carried their runs names
    its one command on a ``Command:`` line)."""
    if BEGIN not in doc or END not in doc:
        return {}
    lines = doc.split(BEGIN, 1)[1].split(END, 1)[0].splitlines()
    shared = next((line[len("Command: "):].rstrip(".") for line in lines
                   if line.startswith("Command: ")), None)
    out: dict[str, Row] = {}
    for bot in ("pimc", "rule"):
        if bot in bots:
            continue
        result = next((x for x in lines if x.startswith(f"| {bot} vs ISMCTS-")), None)
        target = next((x for x in lines if x.startswith(f"| {bot} beats ISMCTS-")), None)
        run = next((x for x in lines if x.startswith(f"- `{bot}`: ")), None)
        if run is None and shared is not None:
            run = f"- `{bot}`: {shared}"
        if result is not None and target is not None and run is not None:
            out[bot] = Row(run, result, target)
    return out


def measured_row(s: Summary, command: str, seed: int, workers: int) -> Row:
    """A row of figures from this run's summary of one bot's match."""
    am, aset, aal = s.a_make
    bm, bset, bal = s.b_make
    result = (f"| {s.match.a} vs {s.match.b} | {s.deals:,} | {s.a_pph:+.3f} | {s.b_pph:+.3f} | "
              f"**{s.diff:+.3f}** ± {s.diff_ci:.3f} | {am:,} | {pct(aset, am)} | {aal:,} | "
              f"{bm:,} | {pct(bset, bm)} | {bal:,} | {s.seconds / 60:.1f} min |")
    need = PIMC_MARGIN if s.match.a == "pimc" else 0.0
    goal = (f"{s.match.a} beats ISMCTS-{TARGET_SIMS:,}" +
            (f" by at least {need:g} points per hand" if need else "") +
            f", 95% interval above zero, at least {TARGET_DEALS:,} duplicate deals")
    ok = full_size(s.match.b, s.deals) and s.diff >= need and s.diff - s.diff_ci > 0
    target = (f"| {goal} | {s.diff:+.3f} ± {s.diff_ci:.3f} against {s.match.b} on "
              f"{s.deals:,} deals | {'yes' if ok else '**no**'} |")
    run = (f"- `{s.match.a}`: `{command}` (seed {seed}, {workers} worker "
           f"process{'es' if workers > 1 else ''}, {build()} build)")
    return Row(run, result, target)


def render(rows: dict[str, Row]) -> str:
    """The section: every bot's row (``pimc`` first), whichever run measured it."""
    order = sorted(rows, key=lambda b: ("pimc", "rule").index(b))
    smoke = [r.smoke for b in order if (r := rows[b]).smoke is not None]
    lines = [
        BEGIN, "## Against OpenSpiel's ISMCTS", "",
        "Our bots against an outside one: OpenSpiel's information-set Monte Carlo tree "
        "search (ISMCTS) on OpenSpiel's own `euchre` (our `openspiel` variant), on duplicate "
        "deals -- each deal played twice with the partnerships' seats swapped.  Both engines "
        "play every hand in step and must agree on every legal-action set and on the score.",
        "",
        "ISMCTS draws a world of hidden cards for each simulation.  OpenSpiel 2.0.2's own "
        "resampler for euchre keeps the real undealt cards and the dealer's real discard, "
        "which the searching player never saw; here every world comes from a fair sampler "
        "(`bench/fair_sampler.py`): from the player's own hand, the upcard and "
        "whether the dealer took it, the public bids and the cards played (and its own "
        "discard when it deals), it deals the unseen cards uniformly among the deals "
        "consistent with that -- voids shown by failing to follow suit respected, the "
        "upcard in the dealer's hand until played.  ISMCTS is otherwise as OpenSpiel ships "
        f"it: UCT with c = {UCT_C:g}, one random rollout per leaf, a new world every "
        "simulation, the most visited action.  Method and seeds: `bench/vs_openspiel.py`'s "
        "docstring.",
        "",
        "The run behind each bot's figures (a run of one bot keeps the other's):",
        "",
        *(rows[b].run for b in order),
        "",
    ]
    if smoke:
        lines += [
            f"**Smoke-run figures** ({', '.join(smoke)}): they show the harness works, not "
            "how strong the bots are.  The measurement the issue asks for "
            f"is {TARGET_DEALS:,} duplicate deals against ISMCTS with {TARGET_SIMS:,} "
            "simulations.", ""]
    lines += [
        "| A vs B | duplicate deals | A points/hand | B points/hand | A − B (95% CI) | "
        "A made trump | A set | A alone | B made trump | B set | B alone | time |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
        *(rows[b].result for b in order),
        "", "| target | measured | holds |", "|---|---|---|",
        *(rows[b].target for b in order),
        END]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=positive, default=TARGET_DEALS,
                   help=f"duplicate deals per bot (default {TARGET_DEALS:,})")
    p.add_argument("--sims", type=positive, default=TARGET_SIMS,
                   help=f"ISMCTS simulations per decision (default {TARGET_SIMS:,})")
    p.add_argument("--bot", action="append", choices=("pimc", "rule"), default=[],
                   help="our bot (repeatable; default pimc and rule)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=positive, default=2, help="worker processes (default 2)")
    p.add_argument("--quick", action="store_true",
                   help="a smoke run: deals divided by 25, simulations by 10")
    p.add_argument("-o", "--output", default=str(ROOT / "docs" / "strength.md"),
                   help="the document whose section is rewritten ('-': print the section)")
    args = p.parse_args(argv)
    bots = args.bot or ["pimc", "rule"]
    deals = max(2, args.deals // 25) if args.quick else args.deals
    sims = max(1, args.sims // 10) if args.quick else args.sims
    ctx = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
    with ctx.Pool(args.workers) as pool:
        summaries = [run_match(pool, bot, sims, deals, args.seed) for bot in bots]
    command = "python bench/vs_openspiel.py" + "".join(f" --bot {b}" for b in args.bot) + \
        (f" --deals {args.deals}" if args.deals != TARGET_DEALS else "") + \
        (f" --sims {args.sims}" if args.sims != TARGET_SIMS else "") + \
        (" --quick" if args.quick else "") + \
        (f" --workers {args.workers}" if args.workers != 2 else "") + \
        (f" --seed {args.seed}" if args.seed != 1 else "")
    out = Path(args.output)
    doc = out.read_text(encoding="utf-8") if out.exists() and args.output != "-" else ""
    rows = kept_rows(doc, bots)
    rows.update({s.match.a: measured_row(s, command, args.seed, args.workers)
                 for s in summaries})
    section = render(rows)
    for s in summaries:
        per_hand = s.seconds * args.workers / max(s.hands, 1)
        print(f"{s.match.a} - {s.match.b} = {s.diff:+.3f} ± {s.diff_ci:.3f} points per hand "
              f"on {s.deals} duplicate deals; {per_hand:.1f} s of worker time per hand",
              file=sys.stderr)
    if args.output == "-":
        print(section, end="")
        return 0
    out.write_text(report_sections.splice(doc, BEGIN, END, section), encoding="utf-8")
    print(f"wrote {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
