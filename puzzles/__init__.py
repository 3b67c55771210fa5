"""Built-in puzzles, each a module with `build() -> Puzzle`, loaded by name (`mm.load`)."""
