"""Rules the held-out table games found (issue 19, section 4): R23's one foreman a round on locations 12 and 16,
R33's stand-ins by the player's choice, and the furniture refusal after a tasks step that closed by itself."""

from __future__ import annotations

from helpers import PATHS, fix, forward, play, player, refused, start

from lignum_companion.engine import flow, parse


def joinery_travel(n: int = 3):
    g = start(n, expansion="joinery").game()
    forward(g, step="travel", round=1, who="anna")
    return g


# --- R23: locations 16 (carpenter) and 12 (buildings) take one foreman per round ------------------------------


def test_R23_a_second_foreman_on_the_carpenter_location_after_the_first_moved_on_is_refused() -> None:
    g = joinery_travel()
    play(g, None, "anna go carpenter", "ben go 1", "cleo go 2", "anna go 17")  # anna moves on from 16
    e = refused(g, "ben go 16", "R23")
    assert "16" in str(e)
    play(g, None, "ben go 18")
    assert [p.carpenters for p in g.players] == [1, 0, 0]


def test_R23_a_second_foreman_on_the_buildings_location_after_the_first_moved_on_is_refused() -> None:
    g = joinery_travel()
    play(g, None, "anna go 12 smithy", "ben go 1", "cleo go 2", "anna go 17")
    refused(g, "ben go 12 chapel", "R23")
    assert [len(p.buildings) for p in g.players] == [1, 0, 0]
    from lignum_companion.engine import legal_actions

    assert not any(a.verb == "go" and a.args["loc"] in (12, 16) and a.player == "ben"
                   for a in legal_actions(g) if a.verb == "go" and a.args["loc"] == 12)


def test_R23_the_locations_are_free_again_next_round() -> None:
    g = joinery_travel(2)
    play(g, None, "anna go carpenter", "ben go 1", "anna go clearing", "ben go clearing")
    forward(g, step="travel", round=2)
    first = g.players[g.turn].name
    play(g, None, f"{first} go carpenter")
    assert player(g, first).carpenters == (2 if first == "anna" else 1)


# --- R33: who does a job is the player's choice -------------------------------------------------------------


def at_transport():
    """ben has hired one bearer, two rafts, an accommodation hut and 3 firewood on his woodpile."""
    g = start(2).then("path " + PATHS[2]).game()
    play(g, None, fix("ben", "raft", 2), fix("ben", "accom-hut", 1), fix("ben", "woodpile.F", 3),
         "anna go clearing", "ben go 4 1", "ben go clearing")
    forward(g, step="transport")
    assert player(g, "ben").workers == {"bearers": 1}
    return g


def test_R33_a_hut_stands_in_while_the_hired_bearer_is_unused() -> None:
    g = at_transport()
    play(g, None, "ben raft 2F hut:1")  # refused before R33: "needs no more than 0 stand-in workers"
    ben = player(g, "ben")
    assert ben.wood["river"] == {"F": 2} and ben.huts == {} and ben.workers == {"bearers": 1} and ben.mill_worker


def test_R33_millworker_yes_and_no_in_a_work_season() -> None:
    g = at_transport()
    play(g, None, "ben carry sale:F millworker:yes")
    ben = player(g, "ben")
    assert not ben.mill_worker and ben.workers == {"bearers": 1}  # the mill worker went; the bearer is left
    refused(g, "ben carry sale:F millworker:yes", "R6")  # he has already worked this round
    play(g, None, "ben carry sale:F millworker:no")
    assert ben.workers == {} and ben.wood["sale"] == {"F": 2}
    refused(g, "ben carry sale:F millworker:no")  # no hired bearer left, the mill worker kept out
    assert parse("ben carry sale:F millworker:no").text == "ben carry sale:F millworker:no"


def test_R33_without_the_parts_hired_workers_go_first() -> None:
    g = at_transport()
    play(g, None, "ben carry sale:F")
    ben = player(g, "ben")
    assert ben.workers == {} and ben.mill_worker and ben.huts == {"accom": 1}


def test_R33_a_stand_in_cut_in_a_work_season_and_naming_more_than_the_job_needs() -> None:
    g = start(2).then("path " + PATHS[2]).game()
    play(g, None, fix("anna", "accom-hut", 1), "anna go 10 2", "ben go clearing", "anna go clearing")
    forward(g, step="cutting", who="anna")
    refused(g, "anna cut F hut:1 millworker:yes", "R33")  # two stand-ins named for one piece
    play(g, None, "anna cut 2F hut:1")
    anna = player(g, "anna")
    assert anna.workers == {"woodcutters": 1} and anna.huts == {} and anna.mill_worker


# --- the furniture shop after a tasks step that closed by itself (R23, R24) -----------------------------------


def test_R23_a_furniture_move_after_a_self_closed_tasks_step_names_the_shop_rule() -> None:
    g = start(2, expansion="joinery").game()
    forward(g, step="travel", round=1, who="anna")
    play(g, None, fix("anna", "dry2.mF", 2), fix("anna", "dry3.mS", 1), fix("ben", "sale.F", 1))
    forward(g, step="tasks", round=1, who="anna")
    play(g, None, "anna furnish dry2:mF dry3:mS")  # the shop holds one of each: nothing more she can do there
    assert g.step_of(0) != "tasks" and g.step_of(1) == "selling"  # ben still sells
    e = refused(g, "anna furnish dry2:mF", "R23")
    assert "furniture shop already holds" in str(e)
    assert flow.actor_kind(g) == "free"
