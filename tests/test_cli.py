"""The command line as a user runs it: output, JSON, exit codes, one-line errors."""

import json
import os
import subprocess
import sys
import textwrap

import pytest

import mm


def test_list(mm_cli):
    result = mm_cli("list")
    assert result.returncode == 0
    assert "five_houses" in result.stdout and "all_tired_out" in result.stdout


def test_solve_prints_the_chart(mm_cli):
    result = mm_cli("solve", "five_houses")
    assert result.returncode == 0, result.stderr
    assert "Norwegian" in result.stdout and "Zebra" in result.stdout


def test_solve_json(mm_cli):
    result = mm_cli("solve", "five_houses", "--json")
    data = json.loads(result.stdout)
    assert data["status"] == "solved"
    assert data["encoded"] == [[3, 4, 0, 2, 1], [3, 2, 0, 1, 4], [1, 2, 0, 3, 4],
                               [2, 3, 1, 0, 4], [4, 1, 2, 3, 0]]
    assert data["solution"][0] == {"House": "1st", "Color": "yellow",
                                   "Nationality": "Norwegian", "Hobby": "antiques",
                                   "Pet": "fox", "Drink": "water"}


def test_verify_all_tired_out_is_unique(mm_cli, backend):
    result = mm_cli("verify", "all_tired_out", "--backend", backend)
    assert result.returncode == 0
    assert "unique" in result.stdout


def write(tmp_path, name, body):
    path = tmp_path / name
    path.write_text(textwrap.dedent(body))
    return str(path)


LOOSE = """
    from mm import IS, IS_NOT, WITH, Puzzle
    def build():
        p = Puzzle("Loose", "Loose")
        a, b = p.add_noun_type("Slot").add_nouns("1", "2")
        x, y = p.add_noun_type("Name").add_nouns("X", "Y")
        p.add_fact("1", x, {verb}, WITH, a)
        p.add_fact("2", y, {verb2}, WITH, a)
        return p
"""


def test_verify_exit_codes(mm_cli, tmp_path):
    unique = write(tmp_path, "unique.py", LOOSE.format(verb="IS", verb2="IS_NOT"))
    none = write(tmp_path, "none.py", LOOSE.format(verb="IS", verb2="IS"))
    result = mm_cli("verify", unique)
    assert result.returncode == 0 and "unique" in result.stdout
    loose = write(tmp_path, "loose.py", """
        from mm import IS_NOT, WITH, Puzzle, rules
        def build():
            p = Puzzle("Loose", "Loose")
            a, b = p.add_noun_type("Slot").add_nouns("1", "2")
            x, y = p.add_noun_type("Name").add_nouns("X", "Y")
            p.add_rule("1", "Anything.", rules.with_(x, a) | rules.with_(x, b))
            return p
    """)
    result = mm_cli("verify", loose, "--json")
    assert result.returncode == 3
    data = json.loads(result.stdout)
    assert data["status"] == "multiple" and len(data["diff"]) == 2
    result = mm_cli("verify", none)
    assert result.returncode == 1 and "none" in result.stdout
    result = mm_cli("solve", none, "--json")
    assert result.returncode == 1 and json.loads(result.stdout)["status"] == "none"


def test_count(mm_cli, tmp_path):
    assert mm_cli("count", "five_houses").stdout.strip() == "1"
    free = write(tmp_path, "free.py", """
        from mm import Puzzle, rules
        def build():
            p = Puzzle("Free", "Free")
            for t in range(3):
                p.add_noun_type(f"T{t}").add_nouns("a", "b", "c")
            a = p.noun_types[0].nouns[0]; x = p.noun_types[1].nouns[0]
            p.add_rule("1", "True.", rules.with_(a, x) | ~rules.with_(a, x))
            return p
    """)
    assert mm_cli("count", free).stdout.strip() == "36"
    assert mm_cli("count", free, "--limit", "5").stdout.strip() == "5+"


def test_missing_file(mm_cli, assert_one_line_error):
    assert_one_line_error(mm_cli("solve", "missing_file.py"), "missing_file.py: no such file")


def test_unknown_name(mm_cli, assert_one_line_error):
    assert_one_line_error(mm_cli("solve", "no_such_puzzle"), "unknown puzzle 'no_such_puzzle'")


def test_syntax_error(mm_cli, assert_one_line_error, tmp_path):
    path = write(tmp_path, "broken.py", "def build(:\n    pass\n")
    assert_one_line_error(mm_cli("solve", path), "broken.py:1: syntax error")


def test_error_inside_build(mm_cli, assert_one_line_error, tmp_path):
    path = write(tmp_path, "raises.py", """
        def build():
            return undefined_name
    """)
    assert_one_line_error(mm_cli("solve", path), "raises.py:3: build() failed: NameError")


def test_validation_error_from_a_module(mm_cli, assert_one_line_error, tmp_path):
    path = write(tmp_path, "invalid.py", """
        from mm import IS, WITH, Puzzle
        def build():
            p = Puzzle("Bad", "Bad")
            a, b = p.add_noun_type("Slot").add_nouns("1", "2")
            x, y = p.add_noun_type("Name").add_nouns("X", "Y")
            p.add_fact("1", x, IS, WITH, y)
            return p
    """)
    assert_one_line_error(mm_cli("solve", path), "two nouns of the same type ('Name')")


def test_no_build_function(mm_cli, assert_one_line_error, tmp_path):
    path = write(tmp_path, "empty.py", "x = 1\n")
    assert_one_line_error(mm_cli("solve", path), "defines no build() function")


def test_usage_errors_are_one_line(mm_cli, assert_one_line_error):
    assert_one_line_error(mm_cli("solve"), "the following arguments are required: puzzle")
    assert_one_line_error(mm_cli("solve", "five_houses", "--backend", "nope"),
                          "invalid choice: 'nope'")
    assert_one_line_error(mm_cli("frobnicate"), "invalid choice")


def test_verify_report_printing(mm_cli, tmp_path):
    loose = write(tmp_path, "loose5.py", """
        import mm
        def build():
            p = mm.load("five_houses")
            return p.without(p.facts[-1])
    """)
    result = mm_cli("verify", loose)
    assert result.returncode == 3
    assert " / " in result.stdout and "fixed in every solution (2 of 25" in result.stdout
    data = json.loads(mm_cli("verify", loose, "--json").stdout)
    assert len(data["backbone"]) == 2 and len(data["open_cells"]) == 23
    clash = write(tmp_path, "clash.py", """
        import mm
        from mm import IS, WITH
        def build():
            p = mm.load("five_houses")
            p.add_fact("99", p.noun("Nationality", "Englishman"), IS, WITH,
                       p.noun("Color", "blue"), "The Englishman's house is blue.")
            return p
    """)
    result = mm_cli("verify", clash)
    assert result.returncode == 1
    assert "The Englishman's house is blue (clue 99)." in result.stdout
    data = json.loads(mm_cli("verify", clash, "--json").stdout)
    assert {c["clue"] for c in data["conflict"]} == {"1", "99"}
    result = mm_cli("verify", "einstein")
    assert result.returncode == 0 and "clue 15" in result.stdout


def test_count_exact_cli(mm_cli):
    result = mm_cli("count", "five_houses", "--exact")
    assert result.returncode == 0 and result.stdout.strip() == "1"


FIVE = mm.load("five_houses")


def test_html_never_writes_over_an_input_nor_an_existing_file_without_force(
        mm_cli, assert_one_line_error, tmp_path):
    puzzle = tmp_path / "in.json"
    FIVE.save(puzzle)
    kept = puzzle.read_text()
    (tmp_path / "link.html").symlink_to(puzzle)
    for command in ("solve", "verify", "explain"):
        for html in (puzzle, tmp_path / "link.html"):  # the input, also through a link
            assert_one_line_error(mm_cli(command, str(puzzle), "--html", str(html), "--force"),
                                  "is an input file")
    assert puzzle.read_text() == kept
    other = tmp_path / "other.html"
    other.write_text("mine")
    for command in ("solve", "verify", "explain"):
        assert_one_line_error(mm_cli(command, "five_houses", "--html", str(other)),
                              f"--html {other} exists; add --force")
    assert other.read_text() == "mine"
    result = mm_cli("solve", "five_houses", "--html", str(other), "--force")
    assert result.returncode == 0, result.stderr
    assert other.read_text().startswith("<!DOCTYPE html>")


def test_generate_out_needs_force_over_an_existing_file(mm_cli, assert_one_line_error,
                                                        tmp_path):
    out = tmp_path / "g.json"
    out.write_text("mine")
    args = ("generate", "--types", "3", "--nouns", "3", "--seed", "1", "--out", str(out))
    assert_one_line_error(mm_cli(*args), f"--out {out} exists; add --force")
    assert out.read_text() == "mine"
    assert mm_cli(*args, "--force").returncode == 0
    assert json.loads(out.read_text())["format"] == "mm-puzzle/1"


def test_a_device_needs_no_force_and_a_full_disk_is_one_line(mm_cli, assert_one_line_error):
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    assert_one_line_error(mm_cli("solve", "five_houses", "--html", "/dev/full"),
                          "/dev/full: cannot write (No space left on device)")
    assert_one_line_error(mm_cli("export", "five_houses", "--out", "/dev/full"),
                          "/dev/full: cannot write")


def test_a_full_standard_output_is_one_line(assert_one_line_error):
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    for args in (["solve", "five_houses"], ["verify", "five_houses", "--json"], ["list"]):
        with open("/dev/full", "w") as full:
            result = subprocess.run([sys.executable, "-m", "mm", *args], stdout=full,
                                    stderr=subprocess.PIPE, text=True)
        result.stdout = ""  # it went to /dev/full
        assert_one_line_error(result, "standard output: cannot write (No space left on device)")


def test_thousands_of_duplicate_facts_are_a_few_warning_lines(mm_cli, tmp_path):
    p = mm.Puzzle("Dups", "Dups")
    a = p.add_noun_type("A").add_nouns(*(f"a{i}" for i in range(30)))
    b = p.add_noun_type("B").add_nouns(*(f"b{i}" for i in range(30)))
    for i in range(30):
        for j in range(30):
            if j not in (i, (i + 1) % 30):
                p.add_fact(str(i), a[i], mm.IS_NOT, mm.WITH, b[j])
    path = tmp_path / "dups.json"
    p.save(path)
    data = json.loads(path.read_text())
    data["facts"] *= 2  # each fact twice: 840 duplicates
    path.write_text(json.dumps(data))
    result = mm_cli("verify", str(path), "--no-minimal")
    assert result.returncode == 3, result.stderr
    warned = [line for line in result.stderr.splitlines() if line.startswith("mm: warning:")]
    assert len(warned) == 4, result.stderr
    assert all("This fact already exists" in line for line in warned)
    assert warned[-1] == "mm: warning: ... and 837 more like these (This fact already exists)"


def test_solve_answers_a_question_only_when_the_solution_is_unique(tmp_path, mm_cli):
    """An answer read off one of several solutions would be a confident guess."""
    import json

    path = tmp_path / "open.txt"
    path.write_text("There are 3 houses, numbered 1 to 3 from left to right.\n"
                    "- Name: Emma, Jack, Mona\n- Pet: cat, dog, fish\n\nClues:\n"
                    "1. Jack owns the cat.\n\nWho owns the fish?\n")
    result = mm_cli("solve", str(path))
    assert result.returncode == 3, result.stdout + result.stderr
    assert "Who owns the fish? not answered: the puzzle has more than one solution" in \
        result.stdout
    data = json.loads(mm_cli("solve", str(path), "--json").stdout)
    assert data["answer"] is None and data["unique"] is False
    path.write_text(path.read_text().replace("1. Jack owns the cat.",
                                             "1. Jack owns the cat.\n2. Mona owns the fish.\n"
                                             "3. Emma lives in house 1.\n4. Jack lives in "
                                             "house 2."))
    result = mm_cli("solve", str(path))
    assert result.returncode == 0 and "Who owns the fish? Mona" in result.stdout


def test_a_file_name_that_is_not_utf8_loses_no_batch_result(tmp_path, mm_cli):
    """A byte 0xff in a file name is a lone surrogate in Python: the results file must
    still be written (it crashed, keeping no result)."""
    import json

    from mm.formats import json_format

    folder = tmp_path / "in"
    folder.mkdir()
    text = json.dumps(json_format.to_json(mm.load("five_houses")))
    (folder / "good.json").write_text(text)
    (folder / "bad\udcffname.json").write_text(text)
    out = tmp_path / "results.jsonl"
    result = mm_cli("batch", str(folder), "--out", str(out))
    assert result.returncode == 0, result.stderr
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(lines) == 2 and all(r["status"] == "unique" for r in lines)


def test_export_refuses_what_no_command_would_load(tmp_path, mm_cli, assert_one_line_error):
    import json

    from mm.formats import json_format

    data = json_format.to_json(mm.load("five_houses"))
    data["types"] = data["types"][:1]
    data["facts"], data["rules"], data["links"] = [], [], []
    data.pop("answer", None)
    data.pop("questions", None)
    data.pop("question", None)
    path = tmp_path / "one.json"
    path.write_text(json.dumps(data))
    assert_one_line_error(mm_cli("export", str(path), "--out", str(tmp_path / "o.json")),
                          "at least two noun types")
    assert not (tmp_path / "o.json").exists()
