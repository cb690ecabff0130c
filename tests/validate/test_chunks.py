"""validate/chunks.py: JSON Lines files cut at line ends, pieces checked by path or from
their bytes, problems placed back in their file -- the same problems as one pass."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

from euchre_dsl.validate.chunks import PieceResult, check_piece, jsonl_chunks, sees
from euchre_dsl.validate.validator import validate_path

ROOT = Path(__file__).resolve().parents[2]
GOOD = (ROOT / "samples" / "games.jsonl").read_bytes().splitlines()


def ranges(data: bytes, chunk: int) -> list[tuple[int, int]]:
    return list(jsonl_chunks(io.BytesIO(data), len(data), chunk))


def test_chunks_cover_the_file_and_each_starts_after_a_newline() -> None:
    data = b"".join(b"x" * n + b"\n" for n in (0, 5, 300, 1, 70_000, 2, 9)) + b"tail"
    for chunk in (1, 2, 7, 100, 1000, 1 << 20):
        cut = ranges(data, chunk)
        assert cut[0][0] == 0 and cut[-1][1] == len(data)
        assert all(a[1] == b[0] for a, b in zip(cut, cut[1:]))
        assert all(data[start - 1:start] == b"\n" for start, _ in cut[1:])
        assert all(end > start for start, end in cut)


def test_a_line_longer_than_a_chunk_is_one_chunk_and_an_empty_file_one_empty_range() -> None:
    data = b"a\n" + b"b" * 100_000 + b"\nc\n"
    assert ranges(data, 10) == [(0, 100_003), (100_003, 100_005)]
    assert ranges(b"", 10) == [(0, 0)]
    assert ranges(b"no newline at all", 4) == [(0, 17)]


def broken_file(tmp_path: Path) -> tuple[Path, bytes]:
    """Good records with broken ones between: a syntax error, a record of another
    variant's cards, text that is not UTF-8, a blank line, a BOM in the middle."""
    bad = json.loads(GOOD[0])
    bad["hands"][1]["actions"][6][2] = "8S"
    lines = [GOOD[0], GOOD[1], b"", json.dumps(bad).encode(), b'{"format": ', GOOD[2],
             b"\xff oops", b"\xef\xbb\xbf" + GOOD[3], GOOD[4], json.dumps(bad).encode()]
    data = b"\xef\xbb\xbf" + b"\n".join(lines) + b"\n"
    path = tmp_path / "games.jsonl"
    path.write_bytes(data)
    return path, data


def gathered(path: Path, data: bytes, chunk: int, by_bytes: bool) -> list[str]:
    """The problems of every chunk, placed in the file as the client places them."""
    out: list[str] = []
    lines = records = 0
    for start, end in ranges(data, chunk):
        result = check_piece((), True, str(path), str(path), ".jsonl", start, end,
                             data[start:end] if by_bytes else None)
        out += [p.format() for p in result.shifted(lines, records)]
        lines += result.lines
        records += result.records
    return out


def test_chunks_by_path_or_by_bytes_give_one_pass_problems_at_their_lines(tmp_path: Path
                                                                         ) -> None:
    path, data = broken_file(tmp_path)
    whole = [p.format() for p in validate_path(str(path)).problems]
    assert sorted({int(w[len(str(path)) + 1:].split(":")[0]) for w in whole}) == \
        [4, 5, 7, 8, 10]
    for chunk in (1, 500, 5000, 1 << 22):
        assert gathered(path, data, chunk, by_bytes=False) == whole
        assert gathered(path, data, chunk, by_bytes=True) == whole


def test_a_piece_counts_records_hands_errors_and_newlines(tmp_path: Path) -> None:
    path, data = broken_file(tmp_path)
    result = check_piece((), False, "shown.jsonl", str(path), ".jsonl", 0, len(data), None)
    report = validate_path(str(path))
    assert (result.records, result.hands, result.errors, result.warnings) == (
        report.records, report.hands, report.errors, report.warnings)
    assert result.lines == data.count(b"\n") == 10
    assert all(p.location.file == "shown.jsonl" for p in result.problems)


def test_a_record_naming_a_variant_file_is_sent_back_when_only_its_bytes_came(
        tmp_path: Path) -> None:
    shutil.copy(ROOT / "samples" / "house" / "kitchen-table.yaml", tmp_path / "house.yaml")
    record = json.loads(GOOD[0])
    record["variant"] = "house.yaml"
    data = (json.dumps(record) + "\n").encode()
    path = tmp_path / "games.jsonl"
    path.write_bytes(data)
    blind = check_piece((), False, str(path), str(path), ".jsonl", 0, len(data), data)
    assert blind.unseen and not blind.problems
    seeing = check_piece((), True, str(path), str(path), ".jsonl", 0, len(data), None)
    assert not seeing.unseen
    assert [p.format() for p in seeing.problems] == \
        [p.format() for p in validate_path(str(path)).problems]
    shipped = (GOOD[0] + b"\n")
    assert not check_piece((), False, str(path), str(path), ".jsonl", 0, len(shipped),
                           shipped).unseen


def test_variant_files_are_looked_up_beside_the_absolute_path_not_the_name(
        tmp_path: Path) -> None:
    """A worker elsewhere gets a relative name and the absolute path: the variant
    file beside the records is found all the same."""
    shutil.copy(ROOT / "samples" / "house" / "kitchen-table.yaml", tmp_path / "house.yaml")
    record = json.loads(GOOD[0])
    record["variant"] = "house.yaml"
    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps(record) + "\n")
    result = check_piece((), False, "games.jsonl", str(path), ".jsonl", 0,
                         path.stat().st_size, None)
    assert not [p for p in result.problems if p.code == "unknown-variant"]
    assert result.records == 1


def test_a_whole_file_piece_reads_text_and_egn_and_a_missing_file_says_so(tmp_path: Path
                                                                        ) -> None:
    for name in ("games.ehh", "standard-game.json"):
        path = ROOT / "tests" / "fixtures" / "random-games" / name
        kind = path.suffix
        result = check_piece((), False, str(path), str(path), kind, 0, -1, None)
        sent = check_piece((), False, str(path), str(path), kind, 0, -1, path.read_bytes())
        report = validate_path(str(path))
        assert (result.records, result.hands) == (sent.records, sent.hands) == (
            report.records, report.hands)
    gone = check_piece((), False, "gone.json", str(tmp_path / "gone.json"), ".json", 0, -1,
                       None)
    assert gone.unreadable is not None and gone.unreadable.startswith("cannot read gone.json: ")


def test_shifted_moves_lines_and_records_only() -> None:
    path = ROOT / "tests" / "validate" / "broken" / "renege.json"
    problems = validate_path(str(path)).problems
    moved = PieceResult(problems=problems).shifted(100, 7)
    assert [(p.location.line, p.record, p.hand, p.action, p.location.column) for p in moved] \
        == [(q.location.line + 100, q.record + 7, q.hand, q.action, q.location.column)
            for q in problems if q.location.line is not None and q.record is not None]


def test_sees_compares_size_and_time(tmp_path: Path) -> None:
    path = tmp_path / "a.jsonl"
    path.write_bytes(b"x\n")
    st = path.stat()
    assert sees([(str(path), st.st_size, st.st_mtime_ns), (str(path), 3, st.st_mtime_ns),
                 (str(tmp_path / "none"), 0, 0)]) == [True, False, False]
