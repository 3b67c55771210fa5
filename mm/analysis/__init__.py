"""The analysis layer: compile a puzzle to the IR, choose a backend, and answer questions of
it (solve, count, verify). Depends on the model, the IR and the backends."""
