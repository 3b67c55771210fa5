"""The generation layer: new puzzles with exactly one solution (built on mm.Puzzle and the
analysis layer)."""
