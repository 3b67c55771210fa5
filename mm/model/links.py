"""SmartLink factories: each returns a function of two nouns of the link's noun type.

The functions compare `Noun.num` (1-based), with the seed's meaning, and return bool.

>>> from types import SimpleNamespace as N
>>> more_by(1)(N(num=3), N(num=2))
True
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from types import SimpleNamespace
from typing import Any

LinkFunction = Callable[[Any, Any], Any]


def smart_name(f: LinkFunction | None) -> tuple[str, tuple[int, ...]] | None:
    """(factory name, arguments) of a SmartLink function, or None for any other function."""
    return getattr(f, "smart", None)


def _smart(f: LinkFunction, name: str, *args: int) -> LinkFunction:
    """Mark a SmartLink function with its factory and arguments, so a puzzle file can
    name it ("less_than", [1]) instead of listing its table."""
    f.smart = (name, args)  # type: ignore[attr-defined]
    return f


def with_() -> LinkFunction:
    """a and b are the same noun."""
    return _smart(lambda a, b: a.num == b.num, "with")


def less_than(n: int = 0) -> LinkFunction:
    """a comes before b by more than n (n=1: "before, but not just before")."""
    return _smart(lambda a, b: a.num < b.num - n, "less_than", n)


def less_by(n: int) -> LinkFunction:
    """a is exactly n before b."""
    return _smart(lambda a, b: a.num == b.num - n, "less_by", n)


def more_than(n: int = 0) -> LinkFunction:
    """a comes after b by more than n."""
    return _smart(lambda a, b: a.num > b.num + n, "more_than", n)


def more_by(n: int) -> LinkFunction:
    """a is exactly n after b."""
    return _smart(lambda a, b: a.num == b.num + n, "more_by", n)


def next_to() -> LinkFunction:
    """a and b are neighbours."""
    return _smart(lambda a, b: abs(a.num - b.num) == 1, "next_to")


def offset_by(n: int) -> LinkFunction:
    """a and b are exactly n apart, either way."""
    return _smart(lambda a, b: abs(a.num - b.num) == n, "offset_by", n)


def outside_of(n: int) -> LinkFunction:
    """a and b are more than n apart, either way."""
    return _smart(lambda a, b: a.num < b.num - n or a.num > b.num + n, "outside_of", n)


def has_ratio(n1: int, n2: int) -> LinkFunction:
    """n1 * a == n2 * b."""
    return _smart(lambda a, b: n1 * a.num == n2 * b.num, "has_ratio", n1, n2)


# The one table of SmartLinks: file-format name -> (factory, the Mystery Master's getter name).
# JSON, the module reader and the English reader all look names up here.
SMART_LINKS: dict[str, tuple[Callable[..., LinkFunction], str]] = {
    "with": (with_, "getIsWith"),
    "less_than": (less_than, "getIsLessThan"),
    "less_by": (less_by, "getIsLessBy"),
    "more_than": (more_than, "getIsMoreThan"),
    "more_by": (more_by, "getIsMoreBy"),
    "next_to": (next_to, "getIsNextTo"),
    "offset_by": (offset_by, "getIsOffsetBy"),
    "outside_of": (outside_of, "getIsOutsideOf"),
    "has_ratio": (has_ratio, "getHasRatio"),
}


@lru_cache(maxsize=512)
def smart_pairs(name: str, args: tuple[int, ...], size: int) -> frozenset[tuple[int, int]]:
    """The 0-based pairs a SmartLink holds for over `size` nouns, made once per (link,
    size) and shared by every puzzle: a SmartLink is a pure function of the numbers, and
    calling it through Link.holds for every pair cost a second at 20x100."""
    f = SMART_LINKS[name][0](*args)
    nums = [SimpleNamespace(num=i + 1) for i in range(size)]
    return frozenset((a, b) for a in range(size) for b in range(size) if f(nums[a], nums[b]))
