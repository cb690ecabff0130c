"""Runs in batches: the same bytes for any number of workers, locally or on a cluster,
and deals that do not depend on the bots."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Sequence

import pytest

import euchre_dsl
from euchre_dsl.engine.actions import Action
from euchre_dsl.rules.registry import load_variant
from euchre_dsl.rules.ruleset import RuleSet
from euchre_dsl.sim import bots as bots_module
from euchre_dsl.sim.bots import specs
from euchre_dsl.sim.cluster import ProcessPool
from euchre_dsl.sim.runner import BATCH_UNITS, RunSpec, play_batch, run
from euchre_dsl.sim.summary import Stats
from euchre_dsl.engine.view import SeatView


def output(spec: RunSpec, games: int, mapper: Any = None) -> tuple[str, Stats]:
    stats = Stats()
    text = []
    for batch in (run(spec, games) if mapper is None else run(spec, games, mapper)):
        text.append(batch.data.decode())
        stats.merge(batch.stats)
    return "".join(text), stats


@pytest.mark.parametrize("variant", ["standard", "buck", "railroad"])
def test_two_worker_processes_write_the_same_bytes(variant: str) -> None:
    rules = load_variant(variant)
    spec = RunSpec(rules, variant, 5, ("random",) * rules.players.count)
    games = BATCH_UNITS + 37  # more than one batch, the last one cut
    one, stats_one = output(spec, games)
    two, stats_two = output(spec, games, ProcessPool(2))
    assert one == two
    assert stats_one == stats_two
    assert len(one.splitlines()) == games == stats_one.games


def test_a_match_cut_by_the_end_of_the_run_keeps_its_first_games() -> None:
    rules = load_variant("railroad")  # laps: one endless match
    spec = RunSpec(rules, "railroad", 3, ("random",) * 4)
    short, _ = output(spec, 5)
    longer, _ = output(spec, 9)
    assert longer.startswith(short)
    assert [json.loads(x)["meta"]["game"] for x in longer.splitlines()] == list(range(9))


def test_batches_merge_to_the_statistics_of_the_whole_run() -> None:
    rules = load_variant("standard")
    spec = RunSpec(rules, "standard", 8, ("random",) * 4, records=False)
    whole = Stats()
    for i in range(2):
        whole.merge(play_batch(spec, i, 10**6).stats)
    _, merged = output(spec, 2 * BATCH_UNITS)
    assert merged == whole
    assert merged.hands == sum(m.n for m in merged.side_points.values()) // 2


class LowestCard:
    """Bids like a random bot, plays its lowest legal card: other bots, same deals."""

    PARAMS = ()

    def __init__(self, rules: RuleSet, rng: Any) -> None:
        self.bidder = bots_module.RandomBot(rules, rng)

    def act(self, view: SeatView, legal: Sequence[Action]) -> Action:
        return self.bidder.act(view, legal[::-1])

    def play(self, view: SeatView, legal: int) -> int:
        return (legal & -legal).bit_length() - 1


def deals_of(text: str) -> list[tuple[int, int, Any]]:
    out = []
    for line in text.splitlines():
        record = json.loads(line)
        for h, hand in enumerate(record["hands"]):
            out.append((record["meta"]["game"], h, (hand["dealer"], hand["deal"])))
    return out


def test_the_deals_of_a_seed_do_not_depend_on_the_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    registered = specs.bot_class
    monkeypatch.setattr(specs, "BOT_NAMES", (*specs.BOT_NAMES, "lowest"))
    monkeypatch.setattr(specs, "bot_class",
                        lambda name: LowestCard if name == "lowest" else registered(name))
    rules = load_variant("standard")
    random_run, _ = output(RunSpec(rules, "standard", 21, ("random",) * 4), 30)
    other_run, _ = output(RunSpec(rules, "standard", 21, ("lowest", "random") * 2), 30)
    assert random_run != other_run  # the play differs ...
    a, b = dict(((g, h), d) for g, h, d in deals_of(random_run)), \
        dict(((g, h), d) for g, h, d in deals_of(other_run))
    common = a.keys() & b.keys()
    assert len(common) > 200
    assert all(a[k] == b[k] for k in common)  # ... the cards never do


def test_variants_with_the_same_deck_deal_the_same_cards() -> None:
    std, stick = load_variant("standard"), load_variant("openspiel")
    assert std.deck == stick.deck and std.deal == stick.deal
    a = dict(((g, h), d) for g, h, d in deals_of(output(RunSpec(std, "standard", 4,
                                                                ("random",) * 4), 20)[0]))
    b = dict(((g, h), d) for g, h, d in deals_of(output(RunSpec(stick, "openspiel", 4,
                                                                ("random",) * 4), 20)[0]))
    assert all(a[k] == b[k] for k in a.keys() & b.keys())


def test_a_local_dask_cluster_writes_the_same_bytes(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    distributed = pytest.importorskip("distributed")
    from euchre_dsl.sim.cluster import DaskCluster

    # the workers import the same euchre_dsl (source or installed) as the tests
    root = str(Path(euchre_dsl.__file__).resolve().parents[1])
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(
        p for p in (root, os.environ.get("PYTHONPATH")) if p))
    rules = load_variant("buck")
    spec = RunSpec(rules, "buck", 13, ("random",) * rules.players.count)
    games = BATCH_UNITS + 20
    local, local_stats = output(spec, games)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address=None,
                                  local_directory=str(tmp_path)) as cluster:
        dask = DaskCluster(cluster.scheduler_address)
        try:
            remote, remote_stats = output(spec, games, dask)
            # the same spec run again on the same client (a benchmark's repeats, a
            # notebook): its batches must not lose the spec the first run released
            again, _ = output(spec, games, dask)
        finally:
            dask.close()
    assert remote == local
    assert remote_stats == local_stats
    assert again == local


def test_every_game_is_told_as_it_finishes_here_and_in_workers() -> None:
    """Progress per game: a listener hears each game this process plays, and a process
    pool hands on the count its workers keep (``euchre simulate``'s bar moves per game,
    not per batch of a hundred)."""
    from euchre_dsl.sim.runner import GAME_LISTENERS
    rules = load_variant("standard")
    spec = RunSpec(rules, "standard", 3, ("random",) * 4, records=False)
    heard: list[int] = []
    GAME_LISTENERS.append(lambda: heard.append(len(heard) + 1))
    try:
        output(spec, 7)
    finally:
        GAME_LISTENERS.pop()
    assert heard == list(range(1, 8))
    counts: list[int] = []
    output(spec, 7, ProcessPool(2, counts.append))
    assert counts and counts == sorted(counts) and counts[-1] == 7
