"""Reading records: streaming JSON Lines, syntax problems, positions found on demand."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest
from hostile_tools import deep_folders

from euchre_dsl.records import reader
from euchre_dsl.records.positions import half_character
from euchre_dsl.records.reader import (
    Found, Locator, ScanError, expand_paths, find_records, iter_json, iter_jsonl, parse_record, read_records,
    read_stdin, scan_positions,
)


def lines(*texts: str) -> io.BytesIO:
    return io.BytesIO("".join(t + "\n" for t in texts).encode("utf-8"))


# ---------------------------------------------------------------- JSON Lines
def test_jsonl_records_carry_index_line_and_value() -> None:
    items = list(iter_jsonl(lines('{"a": 1}', "", "   ", '{"b": 2}'), "f.jsonl"))
    assert [(i.index, i.line, i.data) for i in items] == [(0, 1, {"a": 1}), (1, 4, {"b": 2})]
    assert all(i.problem is None for i in items)


def test_jsonl_syntax_error_is_located_and_the_next_line_still_read() -> None:
    items = list(iter_jsonl(lines('{"a": 1}', '{"a": 1,, "b": 2}', '{"c": 3}'), "f.jsonl"))
    assert len(items) == 3
    bad = items[1].problem
    assert bad is not None and bad.code == "syntax"
    assert (bad.location.file, bad.location.line, bad.location.column) == ("f.jsonl", 2, 9)
    assert bad.record == 1
    assert items[2].data == {"c": 3} and items[2].problem is None


def test_jsonl_is_streamed_not_read_whole() -> None:
    """The reader takes a line, yields its record, and only then reads on."""
    consumed = []

    def source():  # type: ignore[no-untyped-def]
        for n in range(3):
            consumed.append(n)
            yield b'{"n": %d}\n' % n
        raise AssertionError("read past the records asked for")

    it = iter_jsonl(source(), "f.jsonl")
    assert next(it).data == {"n": 0}
    assert consumed == [0]
    assert next(it).data == {"n": 1}
    assert consumed == [0, 1]


@pytest.mark.parametrize("text, column", [
    ('{"a": NaN}', 7),
    ('{"a": [1, Infinity]}', 11),
])
def test_constants_json_accepts_are_syntax_errors(text: str, column: int) -> None:
    (item,) = iter_jsonl(lines(text), "f.jsonl")
    assert item.problem is not None and item.problem.code == "syntax"
    assert (item.problem.location.line, item.problem.location.column) == (1, column)


def test_absurd_nesting_is_a_syntax_problem_not_a_crash() -> None:
    (item,) = iter_jsonl(lines("[" * 100_000 + "]" * 100_000), "f.jsonl")
    assert item.problem is not None and item.problem.code == "syntax"
    assert item.problem.location.line == 1


def test_an_integer_of_thousands_of_digits_is_a_located_syntax_problem() -> None:
    (item,) = iter_jsonl(lines('{"a": "1234", "b": -' + "9" * 5000 + "}"), "f.jsonl")
    assert item.problem is not None and item.problem.code == "syntax"
    assert item.problem.message == "a number of 5000 digits is more than can be read"
    assert (item.problem.location.line, item.problem.location.column) == (1, 21)


def test_a_record_cut_short_is_placed_at_its_end_not_on_the_next_line() -> None:
    items = list(iter_jsonl(lines('{"format": "ehh/1"', '{"a": [1, 2'), "f.jsonl"))
    places = [(i.problem.location.line, i.problem.location.column) for i in items if i.problem]
    assert places == [(1, 19), (2, 12)]
    assert all("ends before it is complete" in i.problem.message for i in items if i.problem)
    (item,) = iter_json(b'{\n  "a": 1\n\n', "f.json")
    assert item.problem is not None and item.problem.location.line == 2


@pytest.mark.parametrize("text, message, column", [
    ('{"a": 1 "b": 2}', "expected ',' between two values", 9),
    ('{"a" 1}', "expected ':' after the key", 6),
    ('{"a": "x\ty"}', "control character inside quotes", 9),
])
def test_json_syntax_errors_are_said_in_words(text: str, message: str, column: int) -> None:
    (item,) = iter_jsonl(lines(text), "f.jsonl")
    assert item.problem is not None and message in item.problem.message
    assert item.problem.location.column == column


def test_invalid_utf8_is_a_located_syntax_problem() -> None:
    (item,) = iter_jsonl(io.BytesIO(b'{"a": "\xff"}\n'), "f.jsonl")
    assert item.problem is not None and item.problem.code == "syntax"
    assert "UTF-8" in item.problem.message
    assert (item.problem.location.line, item.problem.location.column) == (1, 8)


def test_byte_order_mark_is_ignored() -> None:
    (item,) = iter_json('\ufeff{"a": 1}'.encode("utf-8"), "f.json")
    assert item.data == {"a": 1}


# ------------------------------------------------------------- one document
def test_json_document_syntax_error_uses_json_position() -> None:
    (item,) = iter_json(b'{\n  "a": 1,\n}\n', "f.json")
    assert item.problem is not None
    assert (item.problem.location.line, item.problem.location.column) == (3, 1)
    assert "trailing comma" in item.problem.message


def test_stdin_auto_reads_json_lines_or_one_document() -> None:
    many = list(read_stdin(lines('{"a": 1}', '{"a": 2}'), name="<stdin>"))
    assert [i.data for i in many] == [{"a": 1}, {"a": 2}]
    one = list(read_stdin(lines("{", '  "a": 1', "}"), name="<stdin>"))
    assert [i.data for i in one] == [{"a": 1}]
    assert list(read_stdin(io.BytesIO(b""))) == []


@pytest.mark.parametrize("deep", ["[" * 1000 + "]" * 1000, '{"a":' * 1000 + "1" + "}" * 1000])
def test_stdin_nested_deeper_than_json_follows_is_a_located_problem(deep: str) -> None:
    """Issue 27, finding 2: the sniffing of standard input let json's RecursionError out."""
    (item,) = read_stdin(lines(deep), name="<stdin>")
    assert item.problem is not None and item.problem.code == "syntax"
    assert item.problem.message == "values are nested more than 500 levels deep"
    assert item.problem.location.line == 1 and item.problem.location.column is not None


def test_stdin_format_can_be_forced() -> None:
    items = list(read_stdin(lines("{", '  "a": 1', "}"), jsonl=True))
    assert [i.problem is not None for i in items] == [True, True, True]


# ---------------------------------------------------------------- positions
DOC = '{\n  "hands": [\n    {"actions": [["N", "pass"], ["E", "play", "9C"]]}\n  ],\n  "x": 1\n}\n'


def test_scan_positions_maps_paths_to_offsets() -> None:
    pos = scan_positions(DOC)
    key, value = pos[("hands", 0, "actions", 1, 2)]
    assert key is None and DOC[value:value + 4] == '"9C"'
    key, value = pos[("x",)]
    assert DOC[key:key + 3] == '"x"' and DOC[value] == "1"


def test_scan_errors_carry_an_offset() -> None:
    with pytest.raises(ScanError) as exc:
        scan_positions('{"a": tru}')
    assert exc.value.offset == 6


def test_locator_gives_line_and_column_of_value_or_key() -> None:
    loc = Locator(DOC, 1, "f.json")
    at = loc(("hands", 0, "actions", 1, 2))
    assert (at.file, at.line, at.column) == ("f.json", 3, 47)
    at = loc(("x",), True)
    assert (at.line, at.column) == (5, 3)


def test_locator_falls_back_to_the_nearest_existing_ancestor() -> None:
    loc = Locator(DOC, 1, None)
    assert loc(("hands", 0, "actions", 7)).column == 17
    assert loc(("hands", 0, "missing"), True).line == 3


def test_locator_counts_lines_from_the_record_start() -> None:
    """In JSON Lines a record's own text is one line: its line is the file line."""
    text = '{"hands": [{"dealer": "Q"}]}\n'
    at = Locator(text, 12, "f.jsonl")(("hands", 0, "dealer"))
    assert (at.line, at.column) == (12, 23)


def test_positions_agree_with_json_on_unicode_text() -> None:
    text = '{"meta": {"site": "Café ♠"}, "seats": ["N"]}'
    at = Locator(text, 1, None)(("seats", 0))
    assert text[at.column - 1:at.column + 2] == '"N"'


# --------------------------------------------------------------------- files
def test_read_records_dispatches_by_extension(tmp_path: Path) -> None:
    (tmp_path / "one.json").write_text(json.dumps({"a": 1}))
    (tmp_path / "many.jsonl").write_text('{"a": 1}\n{"a": 2}\n')
    assert [i.data for i in read_records(str(tmp_path / "one.json"))] == [{"a": 1}]
    assert len(list(read_records(str(tmp_path / "many.jsonl")))) == 2
    with pytest.raises(ValueError, match="not a record file"):
        read_records(str(tmp_path / "notes.txt"))
    with pytest.raises(OSError):
        read_records(str(tmp_path / "missing.jsonl"))


def test_expand_paths_finds_record_files_recursively_sorted(tmp_path: Path) -> None:
    (tmp_path / "b").mkdir()
    for name in ("b/z.jsonl", "b/a.json", "c.json", "notes.txt"):
        (tmp_path / name).write_text("{}")
    found = expand_paths([str(tmp_path), "-"])
    assert found == [str(tmp_path / "b" / "a.json"), str(tmp_path / "b" / "z.jsonl"),
                     str(tmp_path / "c.json"), "-"]


def test_a_folder_nested_a_thousand_deep_is_walked_without_recursion(tmp_path: Path) -> None:
    """Issue 27, finding 3: the recursive listing raised RecursionError at ~990 levels."""
    with deep_folders(tmp_path, 1000) as deep:
        (deep / "g.json").write_text("{}")
        assert find_records([str(tmp_path)]) == Found([str(deep / "g.json")], [])


def test_links_are_read_only_where_they_lead_to_a_file_inside_the_folder(
        tmp_path: Path) -> None:
    """Issue 27, finding 23: a link out of the folder named is refused, and said."""
    top = tmp_path / "top"
    (top / "sub").mkdir(parents=True)
    (top / "sub" / "g.json").write_text("{}")
    (tmp_path / "secret.json").write_text("secret")
    (top / "in.json").symlink_to(top / "sub" / "g.json")
    (top / "out.json").symlink_to(tmp_path / "secret.json")
    (top / "broken.json").symlink_to(tmp_path / "missing.json")
    (top / "loop.json").symlink_to(top / "loop.json")
    (top / "folder").symlink_to(top / "sub")  # links to folders are not followed
    os.mkfifo(top / "pipe.jsonl")  # not a regular file: never opened
    found = find_records([str(top)])
    assert found.files == [str(top / "in.json"), str(top / "sub" / "g.json")]
    assert sorted(found.skipped) == [
        f"{top / name}: not read: a link to a file outside {top}"
        for name in ("broken.json", "loop.json", "out.json")]


# ------------------------------------------------ issue 27, finding 4: half characters
@pytest.mark.parametrize("text,offset", [
    ('"\\ud800"', 1), ('"\\udcff"', 1), ('"a\\ud800\\ud800"', 2), ('"\\uDE00"', 1),
    ('"\\ud83d\\ude00\\ude00"', 13), ('"\\\\\\ud800"', 3),
    ('"\\ud83d\\ude00"', None), ('"\\\\ud800"', None), ('"\\u00e9"', None), ('"x"', None),
])
def test_half_character_finds_the_first_lone_surrogate_escape(text: str,
                                                              offset: int | None) -> None:
    assert half_character(text) == offset


@pytest.mark.parametrize("record,column", [
    ('{"\\ud800x": 1}', 3),  # a top-level key
    ('{"seats": ["\\ud800", "E", "S", "W"]}', 13),  # a seat label
    ('{"hands": [{"deal": {"hands": {"N": ["A\\ud800"]}}}]}', 40),  # a card
    ('{"variant": "\\udcff.yaml"}', 14),  # a variant name
])
def test_a_lone_surrogate_anywhere_in_a_record_is_a_located_problem(
        record: str, column: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """json read these into strings no UTF-8 output could hold: validate and convert
    raised UnicodeEncodeError, --report json wrote bytes that are not UTF-8."""
    for loads in (reader.fast_loads, None):  # msgspec refuses them, json reads them
        monkeypatch.setattr(reader, "fast_loads", loads)
        item = parse_record(record, 0, 1, "f.json")
        assert item.problem is not None and item.data is None
        assert item.problem.message.endswith("is half a character (a lone UTF-16 "
                                             "surrogate), which UTF-8 text cannot hold")
        assert (item.problem.location.line, item.problem.location.column) == (1, column)


#: Texts where json and msgspec's decoder might differ: big and long numbers,
#: constants, surrogates, nesting, duplicate keys, stray text.
_TRICKY = ['{"a": 1, "a": 2}', "-0", "-0.0", "1e400", "-1e400", "1.7976931348623157e309",
           "18446744073709551616", "-9223372036854775809", "1" * 4300, "1" * 4301,
           "123456789012345678901234567890.5", "5e-324", "2.5e-324", "0.1e1", "1E+2",
           '"\\ud800"', '"\\udc00\\ud800"', '"\\uD83D\\uDE00"', '"\\u0000"', '"\x01"', '"\t"',
           "NaN", "[Infinity]", "[-Infinity]", "[" * 5000 + "]" * 5000, "01", "1.", ".5",
           "[1,]", '{"a":1,}', '{"a":1}x', "\u00a0{}", '"\\x"', '"é"', '  {"x": [] }  \n',
           '{"hands": [{"deal": {"hands": {"N": ["JH", 1.0, true, null]}}}]}']


@pytest.mark.parametrize("text", _TRICKY, ids=range(len(_TRICKY)))
def test_the_accelerated_parse_gives_json_s_values_and_messages(
        text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("msgspec")
    assert reader.fast_loads is not None
    fast = parse_record(text, 3, 7, "f.jsonl")
    monkeypatch.setattr(reader, "fast_loads", None)
    plain = parse_record(text, 3, 7, "f.jsonl")
    assert repr(fast.data) == repr(plain.data)  # 1 and 1.0 and True told apart
    assert fast.problem == plain.problem
    monkeypatch.undo()  # and from the bytes as read, as the readers pass them
    from_bytes = parse_record(text, 3, 7, "f.jsonl", text.encode())
    assert repr(from_bytes.data) == repr(plain.data)
    assert (from_bytes.text, from_bytes.problem) == (plain.text, plain.problem)


class _Endless:
    """Standard input that never ends and has no newline (``< /dev/zero``)."""

    def __init__(self) -> None:
        self.read = 0

    def readline(self, size: int = -1) -> bytes:
        assert size > 0, "an unbounded read of an endless stream"
        self.read += size
        return b"\0" * size


def test_standard_input_of_one_endless_line_is_refused_at_the_record_limit() -> None:
    """``euchre validate - < /dev/zero`` read 4.2 GB, then died of MemoryError."""
    from euchre_dsl.limits import MAX_RECORD
    stream = _Endless()
    (item,) = read_stdin(stream, name="<stdin>")  # type: ignore[arg-type]
    assert item.problem is not None and item.problem.code == "syntax"
    assert item.problem.message == "standard input is more than 64 MB"
    assert item.problem.location.line == 1
    assert stream.read == MAX_RECORD + 1


def test_standard_input_cut_lines_go_on_as_json_lines() -> None:
    """A line of JSON Lines past the limit is refused, and the input read no further."""
    from euchre_dsl.records import reader
    stream = lines('{"a": 1}', '{"b": "' + "x" * 200 + '"}', '{"c": 3}')
    capped = list(reader.capped_lines(stream, 100))
    assert capped[0] == b'{"a": 1}\n' and len(capped) == 2 and len(capped[1]) == 101


def test_blank_lines_before_the_first_keep_their_numbers() -> None:
    items = list(read_stdin(io.BytesIO(b'\n  \n\n{"a": 1}\n{"b": 2}\n'), name="<stdin>"))
    assert [(i.line, i.data) for i in items] == [(4, {"a": 1}), (5, {"b": 2})]
    (item,) = read_stdin(io.BytesIO(b'\n\n{\n"a": 1}\n'), name="<stdin>")
    assert item.line == 1 and item.data == {"a": 1}
