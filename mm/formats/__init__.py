"""The formats layer: puzzles in and out of files - JSON, Mystery Master modules, English
text - and `mm.load`, which dispatches on the kind of file."""
