"""The budget from Python: the whole answer by default, the outcome alone on request,
refusals that name the keyword, and a computer that says when its move is unproved."""

from __future__ import annotations

import grundy


def _is_p(position: str) -> bool:
    return grundy.value(position, outcome_only=True).outcome == "P"


def test_the_whole_answer_is_searched_for_where_it_fits():
    # Chomp 10x8: strategy stealing says N; its 43,757 positions fit the default
    # budget, so the nimber and every winning move are found, each leaving P.
    a = grundy.value("chomp 10x8")
    assert a.outcome == "N"
    assert a.nimber is not None and a.nimber > 0
    assert a.nimber_not_computed is None and a.winning_moves_not_computed is None
    assert a.winning_moves and all(_is_p(str(m.position)) for m in a.winning_moves)


def test_outcome_only_stops_at_the_theorem():
    a = grundy.value("chomp 10x8", outcome_only=True)
    assert a.outcome == "N"
    assert a.nimber is None
    assert a.winning_moves == []
    assert "only the outcome was asked for" in a.winning_moves_not_computed


def test_a_search_past_the_budget_says_so_and_names_the_keyword():
    a = grundy.value("chomp 30x30", max_positions=100_000)
    assert a.outcome == "N"
    assert "more than the budget of 100,000 positions" in a.nimber_not_computed
    assert "max_positions=" in a.nimber_not_computed


def test_the_computer_says_when_its_move_is_not_proved():
    proved = grundy.value("chomp 6x5", computer_move=True)
    assert proved.computer_move_unproved is None
    assert _is_p(str(proved.computer_move.position))
    guess = grundy.value("chomp 6x5", computer_move=True, max_positions=100)
    assert guess.computer_move is not None
    assert "not searched for" in guess.computer_move_unproved


def test_a_search_stops_at_its_time_and_says_so_with_the_theorems_answer_kept():
    # Zeckendorf's theorem names every winning move of Fibonacci Nim at once; the
    # nimber's search stops at the time asked for, and says how to lift it.
    import time as clock

    started = clock.monotonic()
    a = grundy.value("fibonacci 4664", time=1)
    assert clock.monotonic() - started < 3
    assert a.outcome == "N"
    assert [str(m.position) for m in a.winning_moves][0] == "fibonacci 4663/2"
    assert a.nimber is None
    assert "the time allowed, 1 s, ran out" in a.nimber_not_computed
    assert "time=math.inf" in a.nimber_not_computed


def test_work_past_the_time_is_refused_at_once_naming_the_keyword():
    import pytest

    with pytest.raises(grundy.BudgetError, match=r"about 7 min of work, more than the 60 s allowed; time=\d+ to let it run"):
        grundy.period("octal:0.8", to=20000)
    with pytest.raises(grundy.ParseError, match=r"time=-1"):
        grundy.value("nim 3", time=-1)
