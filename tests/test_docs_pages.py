"""The guide pages keep up with the code: every subcommand and option of the command line
is on docs/cli.md, every field of the JSON schema on docs/json-format.md, every backend on
docs/backends.md, and the images the pages show exist."""

import argparse
import json
import re
from pathlib import Path

import pytest

from mm import backends
from mm.app import cli
from mm.app.cli import _parser

DOCS = Path(__file__).parent.parent / "docs"
SCHEMA = Path(__file__).parent.parent / "mm" / "formats" / "schema" / "mm-puzzle-1.schema.json"


def _choices(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def _subcommands() -> dict[str, argparse.ArgumentParser]:
    """Every command's full parser (a lazy command has its options only when it is run)."""
    return {name: _choices(_parser(name))[name] for name in _choices(_parser())}


@pytest.mark.parametrize("name", sorted(_subcommands()))
def test_every_subcommand_and_option_is_on_the_cli_page(name):
    page = (DOCS / "cli.md").read_text(encoding="utf-8")
    assert f"## mm {name}" in page, f"docs/cli.md has no section '## mm {name}'"
    for action in _subcommands()[name]._actions:
        for option in action.option_strings:
            if option in ("-h", "--help"):
                continue
            assert f"`{option}" in page, f"docs/cli.md does not describe mm {name} {option}"


def test_every_exit_status_is_on_the_cli_page():
    page = (DOCS / "cli.md").read_text(encoding="utf-8")
    codes = [v for k, v in vars(cli).items() if k.startswith("EXIT_")]
    for code in codes:
        assert re.search(rf"^\| {code} \|", page, re.M), f"exit status {code} not documented"


def _schema_keys(node, out: set[str]) -> set[str]:
    if isinstance(node, dict):
        for key, value in node.get("properties", {}).items():
            out.add(key)
            _schema_keys(value, out)
        for key, value in node.items():
            if key != "properties":
                _schema_keys(value, out)
    elif isinstance(node, list):
        for value in node:
            _schema_keys(value, out)
    return out


def test_every_field_of_the_schema_is_on_the_json_page():
    page = (DOCS / "json-format.md").read_text(encoding="utf-8")
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    missing = sorted(k for k in _schema_keys(schema, set()) if f"`{k}`" not in page
                     and f'"{k}"' not in page)
    assert not missing, f"docs/json-format.md does not describe: {missing}"


def test_every_backend_is_on_the_backends_page():
    page = (DOCS / "backends.md").read_text(encoding="utf-8")
    for name in backends.names():
        assert f"| `{name}` |" in page


def test_images_on_the_pages_exist():
    for page in DOCS.rglob("*.md"):
        for target in re.findall(r"!\[[^\]]*\]\(([^)]+)\)", page.read_text(encoding="utf-8")):
            assert (page.parent / target).is_file(), f"{page.name}: missing image {target}"
