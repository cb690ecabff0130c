"""``euchre analyze``: text and JSON reports, statistics, table export, workers; exit codes."""

from __future__ import annotations

import csv
import itertools
import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from cli.main import euchre

ROOT = Path(__file__).parents[2]
BROKEN = ROOT / "tests" / "validate" / "broken"
# Seeded random games (tests/fixtures/random-games, the samples before issue 25): absurd
# bids, loners and euchres at known places, which the renderer's checks below rely on.
SAMPLES = ROOT / "tests" / "fixtures" / "random-games"
GAME = str(SAMPLES / "standard-game.json")


def run(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(euchre, ["analyze", *args], input=stdin)


def test_a_hand_in_words() -> None:
    result = run(GAME, "--hand", "2", "--deals", "0")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == ("samples/standard-game.json game 1 hand 2: N made spades (ordered up) "
                        "alone; N+S took 1 of 5 (euchred)".replace("samples/", f"{SAMPLES}/"))
    assert lines[1] == "  with best play from the opening lead the makers take 2 tricks " \
                       "(a score of -2 for them)"
    # one card notation per output: suit symbols where the output can show them ...
    assert "  trick 1: N played 10♠, losing 1 trick for the makers; better: A♦" in lines
    assert any(x.startswith("1 hand analysed, 1 solved from the opening lead; 3 play "
                            "mistakes costing 3 tricks") for x in lines)
    assert "players, Standard euchre: net points lost per hand (95% CI)" in result.stdout
    # ... and letters with --ascii, everywhere (the cards of the bidding too)
    ascii_run = run(GAME, "--hand", "2", "--deals", "2", "--ascii")
    assert "  trick 1: N played TS, losing 1 trick for the makers; better: AD" in \
        ascii_run.stdout.splitlines()
    assert not set("♣♦♥♠") & set(ascii_run.stdout)


def test_the_json_report_lets_a_tool_recompute_every_mistake() -> None:
    result = run(GAME, "--report", "json", "--deals", "0")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert "perfect-information" in report["note"]
    hands = report["hands"]
    record = json.loads(Path(GAME).read_text())
    assert len(hands) == len(record["hands"])
    for h in hands:
        actions = record["hands"][h["hand"] - 1]["actions"]
        makers = set(h["makers"])
        lost = gained = 0
        for p in h["plays"]:
            assert actions[p["action"]] == [p["seat"], "play", p["card"]]
            if p["seat"] in makers:
                lost += p["best"] - p["after"]
            else:
                gained += p["after"] - p["best"]
        if h["maker"] is not None:
            assert h["makers_tricks"] == h["makers_dd"] - lost + gained
            assert h["makers_tricks"] == sum(h["tricks"][s] for s in makers)
    assert report["summary"]["hands"] == len(hands)


def test_statistics_text_and_json() -> None:
    text = run(GAME, "--stats", "--deals", "0")
    assert text.exit_code == 0, text.output
    assert "  by seat:" in text.stdout and "dealer+1" in text.stdout
    result = run(GAME, "--stats", "--deals", "0", "--report", "json")
    stats = json.loads(result.stdout)["stats"]["Standard euchre"]
    assert set(stats) == {"player", "seat", "side"}
    sides = stats["side"]
    assert sum(s["made_trump"] for s in sides.values()) == \
        sum(s["made_trump"] for s in stats["seat"].values())
    hands = len(json.loads(Path(GAME).read_text())["hands"])
    assert all(s["hands"] == hands for s in sides.values())


def test_export_csv_and_parquet(tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    for fmt in ("csv", "parquet"):
        out = tmp_path / fmt
        result = run(GAME, "--deals", "0", "--export", str(out), "--format", fmt)
        assert result.exit_code == 0, result.output
        if fmt == "csv":
            with open(out / "hands.csv", newline="") as f:
                hands = list(csv.DictReader(f))
            with open(out / "plays.csv", newline="") as f:
                plays = list(csv.DictReader(f))
        else:
            hands = pq.read_table(out / "hands.parquet").to_pylist()
            plays = pq.read_table(out / "plays.parquet").to_pylist()
            assert pq.read_table(out / "decisions.parquet").num_rows == 0
        record = json.loads(Path(GAME).read_text())
        assert len(hands) == len(record["hands"])
        assert len(plays) == sum(sum(a[1] == "play" for a in h["actions"])
                                 for h in record["hands"] if h["result"]["maker"])
        assert {str(h["makers_dd"]) for h in hands} <= {"0", "1", "2", "3", "4", "5"}
        assert {h["variant_id"] for h in hands} == {"standard"}
        assert {str(h["countdown"]) for h in hands} == {"False"}
        # per seat: numbers (issue 40: tricks were the string "N:2;E:1;S:2;W:0")
        if fmt == "csv":
            with open(out / "seats.csv", newline="") as f:
                seats = list(csv.DictReader(f))
            with open(out / "players.csv", newline="") as f:
                players = list(csv.DictReader(f))
        else:
            seats = pq.read_table(out / "seats.parquet").to_pylist()
            players = pq.read_table(out / "players.parquet").to_pylist()
            assert isinstance(seats[0]["tricks"], int) and isinstance(seats[0]["points"], int)
        assert len(seats) == 4 * len(hands)
        for h in record["hands"]:
            if h["result"]["maker"]:
                rows = [r for r in seats if int(r["hand"]) == record["hands"].index(h) + 1]
                assert sum(int(r["tricks"]) for r in rows) == 5
                break
        assert len(players) == 4 and {r["variant_id"] for r in players} == {"standard"}
        assert all(0 <= float(r["accuracy"]) <= 100 for r in players)


def test_parquet_without_pyarrow_says_how_to_get_it(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    result = run(GAME, "--deals", "0", "--export", str(tmp_path / "t"))
    assert result.exit_code == 2
    assert "pip install pyarrow (in a checkout of euchre-dsl: pip install '.[data]')" in result.output and "--format csv" in result.output


def test_workers_give_the_same_report_in_input_order() -> None:
    paths = [GAME, str(SAMPLES / "games.jsonl"), GAME]
    one = run(*paths, "--deals", "0", "--report", "json", "--record", "1")
    two = run(*paths, "--deals", "0", "--report", "json", "--record", "1", "--workers", "2")
    assert one.exit_code == two.exit_code == 0, one.stderr + two.stderr
    assert one.stdout == two.stdout
    files = [h["file"] for h in json.loads(one.stdout)["hands"]]
    assert [f for f, _ in itertools.groupby(files)] == paths


def test_bidding_decisions_are_estimated_with_intervals() -> None:
    result = run(GAME, "--hand", "4", "--deals", "4", "--report", "json")
    assert result.exit_code == 0, result.output
    [hand] = json.loads(result.stdout)["hands"]
    assert hand["decisions"]
    for d in hand["decisions"]:
        assert d["deals"] == 4
        assert d["chosen"] in [o["option"] for o in d["options"]]
        for o in d["options"]:
            low, high = o["ci95"]
            assert low <= o["net"] <= high
    again = run(GAME, "--hand", "4", "--deals", "4", "--report", "json")
    assert again.stdout == result.stdout  # seeded


def test_progress_goes_to_standard_error_only_when_asked() -> None:
    quiet = run(GAME, "--hand", "1", "--deals", "0")
    loud = run(GAME, "--hand", "1", "--deals", "0", "--progress")
    assert quiet.stdout == loud.stdout
    assert "analyze: 1/1 game, 1 hand" in loud.stderr and "ETA" in loud.stderr
    assert "analyze:" not in quiet.stderr


def test_records_with_errors_exit_1_and_unreadable_files_exit_2(tmp_path: Path) -> None:
    broken = run(str(BROKEN / "renege.json"), "--deals", "0")
    assert broken.exit_code == 1
    assert "the hand has errors" in broken.stdout
    schema = run(str(BROKEN / "schema-missing-seats.json"), "--deals", "0")
    assert schema.exit_code == 1 and "not analysed" in schema.stderr
    missing = run(str(tmp_path / "nope.json"), GAME, "--hand", "1", "--deals", "0")
    assert missing.exit_code == 2 and "cannot read" in missing.stderr
    assert "game 1 hand 1" in missing.stdout  # the readable file is still analysed


def test_standard_input() -> None:
    text = Path(GAME).read_text()
    assert run("-", "--hand", "2", "--deals", "0", stdin=text).stdout.splitlines()[1] == \
        run(GAME, "--hand", "2", "--deals", "0").stdout.splitlines()[1]


def test_a_link_out_of_the_folder_is_not_analysed_and_said(tmp_path: Path) -> None:
    """Issue 27, finding 23: the folder walk is validate's, links out refused alike."""
    top = tmp_path / "games"
    top.mkdir()
    (tmp_path / "secret.json").write_text("SECRET-LINE\n")
    (top / "out.json").symlink_to(tmp_path / "secret.json")
    (top / "g.json").write_text((SAMPLES / "standard-game.json").read_text())
    result = run(str(top), "--deals", "0")
    assert result.exit_code == 2, result.output
    assert f"euchre analyze: {top / 'out.json'}: not read: a link to a file outside {top}" \
        in result.stderr
    assert "SECRET" not in result.output and "g.json" in result.stdout


def test_analyze_opens_an_egn_file() -> None:
    egn = Path(__file__).parent.parent / "interop" / "egn" / "Six Points in Two Hands.egn"
    result = run(str(egn), "--deals", "0")
    assert result.exit_code == 0, result.stderr
    assert "game 1 hand 1: S made hearts (named) alone; N+S took 5 of 5 (march)" in result.stdout
    assert "2 hands analysed" in result.stdout


def test_an_egn_file_to_its_analysis_page_in_one_command(tmp_path: Path) -> None:
    # docs/analysis.md: an EGN game straight to a page of its analysis (then open it)
    egn = Path(__file__).parent.parent / "interop" / "egn" / "VWEC Finals.egn"
    out = tmp_path / "vwec.html"
    result = run(str(egn), "--deals", "0", "--html", str(out))
    assert result.exit_code == 0, result.stderr
    assert "13 hands analysed" in result.stderr and f"wrote {out}" in result.stderr
    page = out.read_text(encoding="utf-8")
    assert "VWEC Finals" in page and (tmp_path / "vwec-replays" / "game-1.html").exists()


def test_the_html_page_may_not_replace_an_input(tmp_path: Path) -> None:
    """Issue 27, finding 22: --html naming one of the inputs (given or found in a
    folder) is refused before anything is written; the input is kept."""
    game = tmp_path / "a.jsonl"
    game.write_bytes(Path(GAME).read_bytes().replace(b"\n", b"") + b"\n")
    before = game.read_bytes()
    for given in (str(game), str(tmp_path)):
        result = run(given, "--deals", "0", "--html", str(game))
        assert result.exit_code == 2 and "is also an input" in result.output, result.output
        assert game.read_bytes() == before


def test_two_workers_split_one_file_and_give_the_same_report(tmp_path: Path) -> None:
    # one file of four games: with two workers the games are analysed apart, hidden
    # cards and bidding sampled in each, and the report is still the same
    lines = (SAMPLES / "games.jsonl").read_text(encoding="utf-8").splitlines()[:2] * 2
    season = tmp_path / "season.jsonl"
    season.write_text("\n".join(lines) + "\n", encoding="utf-8")
    args = (str(season), "--from-view", "E", "--worlds", "2", "--deals", "2", "--hand", "1",
            "--report", "json")
    one = run(*args)
    two = run(*args, "--workers", "2")
    assert one.exit_code == two.exit_code == 0, one.stderr + two.stderr
    assert one.stdout == two.stdout
    hands = json.loads(one.stdout)["hands"]
    assert [h["record"] for h in hands] == [1, 2, 3, 4]
    assert all(h["estimated"] and h["worlds"] == 2 for h in hands if h["plays"])


def test_a_hand_seen_from_one_seat_is_estimated_over_sampled_deals() -> None:
    result = run(GAME, "--hand", "2", "--deals", "0", "--from-view", "S", "--worlds", "4")
    assert result.exit_code == 0, result.output
    assert "hidden cards, estimated over 4 deals: with best play from the opening lead the " \
           "makers take" in result.stdout
    data = json.loads(run(GAME, "--hand", "2", "--deals", "0", "--from-view", "S", "--worlds",
                          "4", "--report", "json").stdout)
    [hand] = data["hands"]
    assert hand["estimated"] is True and hand["worlds"] == 4 and "makers_dd" not in hand
    low, high = hand["makers_dd_ci"]
    assert low <= hand["makers_dd_mean"] <= high
    assert all("best_mean" in p and "after_mean" in p and "best" not in p
               for p in hand["plays"])


def test_from_view_names_a_seat_the_game_does_not_have() -> None:
    result = run(GAME, "--deals", "0", "--from-view", "X")
    assert result.exit_code == 1
    assert "--from-view X: X is not a seat of this game (its seats: N, E, S, W)" in result.stderr


def test_the_progress_bar_keeps_moving_while_a_game_is_analysed(
        capsys: pytest.CaptureFixture[str]) -> None:
    import time

    from cli.analyze_cmd import _Progress

    bar = _Progress(True, 3)
    time.sleep(1.3)  # no game finished meanwhile: the bar's own thread redraws it
    bar.game(4)
    bar.close()
    err = capsys.readouterr().err
    assert err.count("analyze: 0/3 games, 0 hands") >= 1
    assert "analyze: 1/3 games, 4 hands" in err and "ETA" in err
