"""Every question of an English puzzle is answered, in the CLI text, its JSON, batch and the
JSON puzzle format: names, house numbers as plain integers, the grid for a whole-grid
question."""

from __future__ import annotations

import json

import mm
from mm.formats.english import parse_english
from mm.model.serialize import to_json
from tests.english_corpus import RIDDLE

HOUSES = """There are 3 houses, numbered 1 to 3 from left to right.
names: Ann, Bo, Cy
drinks: tea, milk, water

1. Ann lives in the first house.
2. Bo drinks milk.
3. The person who drinks water lives directly left of Bo.
4. Cy does not live in the second house.

What position is Bo at? Who drinks tea? Who has which attributes and lives in which house?
"""


def _json(data):
    return data if isinstance(data, dict) else json.loads(data)


def test_the_riddle_prints_one_answer_per_question(mm_cli, tmp_path):
    path = tmp_path / "riddle.txt"
    path.write_text(RIDDLE)
    text = mm_cli("solve", str(path))
    assert text.returncode == 0
    lines = text.stdout.strip().splitlines()[-2:]
    assert lines[0].lower().endswith("drinks water? norwegian")
    assert lines[1].lower().endswith("owns the zebra? japanese")
    data = json.loads(mm_cli("solve", str(path), "--json").stdout)
    assert [a["answer"] for a in data["answers"]] == ["Norwegian", "Japanese"]
    assert data["answer"] == data["answers"][0]["answer"]  # the first, as before
    assert data["question"] == data["answers"][0]["question"]


def test_house_numbers_are_integers_and_the_grid_is_the_solution(mm_cli, tmp_path):
    english = parse_english(HOUSES)
    assert [q.kind for q in english.questions] == ["house", "who", "grid"]
    solution = english.puzzle.solve()
    assert solution is not None and english.puzzle.count(limit=2) == 1
    path = tmp_path / "houses.txt"
    path.write_text(HOUSES)
    data = json.loads(mm_cli("solve", str(path), "--json").stdout)
    position, tea, grid = (a["answer"] for a in data["answers"])
    assert position == 2 and isinstance(position, int)
    assert tea == "Cy"
    assert grid == data["solution"] == solution.to_dict()


def test_the_json_format_keeps_every_question(tmp_path):
    puzzle = parse_english(RIDDLE).puzzle
    data = _json(to_json(puzzle))
    assert data["question"]["text"] == data["questions"][0]["text"]
    assert len(data["questions"]) == 2
    path = tmp_path / "riddle.json"
    path.write_text(json.dumps(data))
    loaded = mm.load(path)
    solution = loaded.solve()
    assert [q.answer(solution) for q in loaded.questions] == ["Norwegian", "Japanese"]


def test_batch_answers_every_question(mm_cli, tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "riddle.txt").write_text(RIDDLE)
    out = tmp_path / "out.jsonl"
    result = mm_cli("batch", str(folder), "--out", str(out))
    assert result.returncode == 0, result.stderr
    line = json.loads(out.read_text().splitlines()[0])
    assert [a["answer"] for a in line["answers"]] == ["Norwegian", "Japanese"]
