"""Turn order within a step (R24, R18): only woodcutting follows clearing order unless the game is strict; a turn
lasts until the next move; huts keep their holder in a step; skipped players are recorded with the reason."""

from __future__ import annotations

import pytest
from helpers import PATHS, fix, forward, play, player, refused, start

from lignum_companion.engine import flow
from lignum_companion.gamefile import store as gamefile

TRAVEL3 = start(3).then("path " + PATHS[3])
STRICT3 = start(3, strict=True).then("path " + PATHS[3])


def at_selling(script, *lines: str):
    """Everyone walks to the clearing in starting order (anna, ben, cleo), each with 2 firewood to sell."""
    g = script.game()
    play(g, None, *(fix(n, "sale.F", 2) for n in ("anna", "ben", "cleo")), *lines)
    forward(g, step="selling")
    return g


def test_R24_selling_takes_the_players_in_any_order() -> None:
    g = at_selling(TRAVEL3)
    assert flow.actor_kind(g) == "free" and sorted(flow.actors(g)) == [0, 1, 2]
    play(g, None, "cleo sell sale:2F", "anna sell sale:2F")
    assert flow.actors(g) == [1]
    e = refused(g, "cleo sell sale:F", "R24")
    assert "cleo has finished the selling step" in str(e) and "ben" in str(e)
    play(g, None, "ben sell sale:2F")
    assert g.step == "drying" or g.round == 2


def test_R24_strict_order_keeps_clearing_order_in_every_step() -> None:
    g = at_selling(STRICT3)
    assert flow.actor_kind(g) == "clearing" and flow.actors(g) == [0]
    refused(g, "cleo sell sale:2F", "R24")
    play(g, None, "anna sell sale:2F", "ben sell sale:2F", "cleo sell sale:2F")


def test_R24_woodcutting_still_follows_clearing_order() -> None:
    """Anna hired a woodcutter: her cut binds the clearing order, so ben's cut and any later step wait (R24)."""
    g = start(3).then("path " + PATHS[3], "anna go 10 1", "ben go 1", "cleo go 2", "anna go clearing",
                      "ben go clearing", "cleo go clearing").game()
    assert g.step == "cutting" and flow.actor_kind(g) == "clearing" and flow.actors(g) == [0]
    refused(g, "ben cut F", "R24")
    e = refused(g, "ben done", "R24")
    assert "anna" in str(e)
    e = refused(g, "cleo carry sale:F", "R24")  # a later step's entry names who still cuts
    assert "anna" in str(e) and "cutting" in str(e)
    play(g, None, "anna cut F", "ben cut F")
    assert flow.actors(g) == [2]


def test_R24_a_cut_only_stand_ins_could_make_lapses_at_the_next_players_cut() -> None:
    """Nobody hired woodcutters: the mill worker's cut is optional, like a hut's; the next entry passes over it."""
    g = TRAVEL3.game()
    forward(g, step="cutting")
    assert flow.actors(g) == [0]
    play(g, None, "ben cut F")
    assert player(g, "anna").wood["woodpile"] == {} and player(g, "ben").wood["woodpile"] == {"F": 1}
    play(g, None, "anna done")  # R24: a `done` from a player whose turn is over changes nothing
    assert player(g, "anna").wood["woodpile"] == {} and flow.actors(g) == [2]


def test_R24_winter_steps_take_any_order() -> None:
    g = TRAVEL3.game()
    forward(g, step="bonus", round=4)
    assert flow.actor_kind(g) == "free"
    play(g, None, "cleo bonus H", "anna bonus F", "ben bonus S")
    assert g.step != "bonus"


def test_R24_travel_turn_lasts_until_the_next_move() -> None:
    g = TRAVEL3.game()
    play(g, None, fix("anna", "stake", 1), fix("anna", "board", 1), fix("anna", "shingle", 1),
         "anna go 1", "anna loan", "anna build drying+food+accom")
    assert player(g, "anna").loans == 1 and player(g, "anna").huts == {"drying": 1, "food": 1, "accom": 1}
    play(g, None, "ben go 2")
    refused(g, "anna loan", "R18")  # ben has moved since: anna's turn is over
    play(g, None, "ben loan")


def test_R24_work_step_turn_lasts_until_the_player_finishes() -> None:
    """`anna dry 2mF` then `anna dryhut dry1:mF`: the drying hut may be spent after the drying move."""
    g = TRAVEL3.game()
    play(g, None, fix("anna", "sale.mF", 2), fix("anna", "drying-hut", 1))
    forward(g, step="drying")
    play(g, None, "anna dry 2mF")
    from lignum_companion.views import game as views

    assert "holds a drying hut" in views.reminder(g) and 0 in flow.actors(g)
    play(g, None, "anna dryhut dry1:mF")
    assert player(g, "anna").wood["dry2"] == {"mF": 1} and player(g, "anna").huts.get("drying", 0) == 0


def test_R24_a_hut_holder_is_not_skipped_and_the_next_move_ends_the_hut_turn() -> None:
    g = TRAVEL3.game()
    play(g, None, fix("anna", "dry1.mF", 1), fix("anna", "drying-hut", 1))
    forward(g, until=lambda g: g.step == "drying")
    assert 0 in flow.actors(g), "anna holds a drying hut that could act: she is asked"
    # an old file did not wait for her: the table's next line ends her turn and the game moves on
    play(g, None, "path " + PATHS[3])
    assert g.round == 2 and player(g, "anna").wood["dry2"] == {"mF": 1}


def test_R24_skipped_players_are_recorded_with_the_reason() -> None:
    g = TRAVEL3.game()
    play(g, None, fix("ben", "saw.F", 1))
    forward(g, until=lambda g: g.round == 2)
    why = {(step, g.players[pi].name): reason for r, step, pi, reason in g.skips if r == 1}
    assert why[("sawing", "ben")] == "no_saw"
    assert why[("sawing", "anna")] == "nothing_to_saw"
    assert why[("arrival", "cleo")] == "no_river"


def test_R24_refusals_list_loans_and_huts_when_allowed() -> None:
    g = at_selling(TRAVEL3, fix("anna", "drying-hut", 1))
    e = refused(g, "anna go 3")
    assert "here: sell, done, loan, dryhut" in str(e)


def test_R18_order_rule_is_kept_in_the_header_and_old_files_play_in_any_order(tmp_path) -> None:
    text = STRICT3.text()
    assert "order-rule strict" in text
    assert gamefile.parse_text(text).setup.strict_order
    assert not gamefile.parse_text(TRAVEL3.text()).setup.strict_order
    with pytest.raises(Exception, match="order-rule"):
        gamefile.parse_text(text.replace("order-rule strict", "order-rule sometimes"))


# --- the winter bill the table can follow (R14) -------------------------------------------------------------


def test_R14_a_winter_with_shortfalls_through_lignum_do_names_feeding_heating_loans_sales_and_debt(tmp_path):
    from helpers import cli, script_to

    script = script_to(start(2, winter=((6, 4), (5, 3))), step="bonus", round=4)
    script = script.then(fix("anna", "money", -5), fix("anna", "sale.F", 2), fix("ben", "money", +10))
    script = script_to(script, until=lambda g: g.step == "feeding")
    path = script.write(tmp_path / "w.lignum")
    g = script.game()
    assert flow.actors(g) == [0]
    r = cli("next", str(path))
    assert "anna feed sale:F" in r.stdout  # the example names wood anna has
    assert "Feeding, ben: hand in 0 food (the card asks 6): 6 missing = $18; 1 forced loan +$4; paid $18." \
        in r.stdout
    # R24: ben has no choice to make, so his winter is settled at his own pace, heating included
    assert "Heating, ben: hand in 0 heating wood (the card asks 4): 4 missing = $12; 1 forced loan +$4; paid $5; " \
           "debt $7" in r.stdout
    assert "Feeding, anna: the card asks 6 food, anna has 0: 6 missing = $18; after 2 loans anna has $8; " \
           "$10 must be raised by selling wood" in r.stdout
    r = cli("do", str(path), "anna feed sale:2F")
    assert r.returncode == 0, r.stdout + r.stderr
    out = r.stdout
    assert "Feeding, anna: hand in 0 food (the card asks 6): 6 missing = $18; 2 forced loans +$8; " \
           "sold sale:2F for $6; paid $14; debt $4 (deducted at the final scoring)." in out
    assert "Heating, anna: hand in 0 heating wood (the card asks 4): 4 missing = $12; paid $0; debt $12" in out
    assert "Money after winter, year 1:" in out
    assert "anna: $0 (-$5), 2 loans this season, loans held 2" in out
    assert "(s)" not in out  # counting words come from the templates, never glued in code
    r = cli("next", str(path))
    assert "Money after winter, year 1:" in r.stdout and "Heating, anna" in r.stdout  # the recap at the next season


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_counted_texts_take_the_singular_form_only_where_the_language_has_one(lang) -> None:
    from lignum_companion.texts import catalog as texts
    from lignum_companion.views import game as views

    tpl = texts.load("reminders", lang)["recap"]
    one, two = (texts.fill(views.counted(tpl, "loans", n), n=n) for n in (1, 2))
    if lang == "en":
        assert (one, two) == (", 1 loan this season", ", 2 loans this season")
    else:
        assert (one, two) == (", 이번 계절 대출 1번", ", 이번 계절 대출 2번")
    winter = texts.load("reminders", lang)["winter"]
    assert "(s)" not in "".join(str(v) for v in winter.values()) + "".join(str(v) for v in tpl.values())
