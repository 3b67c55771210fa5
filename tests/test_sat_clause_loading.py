"""The SAT backend's clause loading: a large model streams its clauses into the solver
as it is built (backends/sat.py, STREAM_FROM), so it is never held twice. Forced here on
small puzzles with a tiny threshold: the answers and the exact counts must not change."""

import pytest

import mm
from mm import backends
from mm.analysis.compile import compile_puzzle

pytestmark = pytest.mark.skipif(not backends.installed("sat"), reason="needs the sat backend")


@pytest.fixture
def sat():
    from mm.backends import sat as module  # imported only when the backend is installed

    return module


def _open_puzzle():
    p = mm.load("five_houses")
    return p.without(p.facts[-1], p.facts[3])  # several solutions


def test_a_streamed_model_has_the_same_solutions(sat, monkeypatch):
    model = compile_puzzle(_open_puzzle())
    held = set(sat.SatBackend(model).solutions())
    monkeypatch.setattr(sat.SatBackend, "stream_from", 20)
    engine = sat.SatBackend(model)
    assert engine.solver is not None and not engine._started  # streamed while built
    assert set(engine.solutions()) == held and len(held) > 1


def test_a_streamed_model_counts_exactly_with_clauses_added_after_the_build(sat, monkeypatch):
    pytest.importorskip("pyganak", reason="exact counting needs the pyganak model counter")
    p = _open_puzzle()
    model = compile_puzzle(p)
    one = p.solve(backend="sat")
    assert one is not None
    counts = []
    for stream_from in (None, 20):
        monkeypatch.setattr(sat.SatBackend, "stream_from", stream_from)
        engine = sat.SatBackend(model)
        assert (engine.solver is not None) == (stream_from is not None)
        engine.block(one.assignment)  # a clause added after the build, before counting
        counts.append(engine.model_count())
    assert counts[0] == counts[1] == p.count() - 1 > 0


def test_a_load_stopped_part_way_loses_no_clause(sat, monkeypatch):
    """Stopped between two chunks (time limit or Ctrl-C), the next query loads the rest:
    with clauses lost, five_houses would have more than one solution."""
    monkeypatch.setattr(sat, "LOAD_CHUNK", 10)
    engine = sat.SatBackend(compile_puzzle(mm.load("five_houses")))
    calls = 0

    def stop_on_the_third_chunk() -> None:
        nonlocal calls
        calls += 1
        if calls == 3:
            raise KeyboardInterrupt

    monkeypatch.setattr(engine, "tick", stop_on_the_third_chunk)
    with pytest.raises(KeyboardInterrupt):
        engine.solve()
    assert engine.is_unique()
