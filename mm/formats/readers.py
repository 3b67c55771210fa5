"""The English and Mystery Master module readers, each imported on first use.

The English reader loads Lark and the module readers load the JavaScript and Java parsers:
together about half of mm's import time. `mm.load`, batch and the command line call the
readers through these functions, so `import mm` and `mm solve five_houses` pay only for
the formats they read. Type checkers see the readers' own signatures.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__all__ = ["english_puzzle", "parse_english", "read_module"]

if TYPE_CHECKING:
    from mm.formats.english import english_puzzle, parse_english
    from mm.formats.modules import read_module
else:
    def english_puzzle(*args: Any, **kwargs: Any) -> Any:
        """`mm.formats.english.english_puzzle`, the reader imported on first use."""
        return importlib.import_module("mm.formats.english").english_puzzle(*args, **kwargs)

    def parse_english(*args: Any, **kwargs: Any) -> Any:
        """`mm.formats.english.parse_english`, the reader imported on first use."""
        return importlib.import_module("mm.formats.english").parse_english(*args, **kwargs)

    def read_module(*args: Any, **kwargs: Any) -> Any:
        """`mm.formats.modules.read_module`, the reader imported on first use."""
        return importlib.import_module("mm.formats.modules").read_module(*args, **kwargs)
