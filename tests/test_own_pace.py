"""R24 amended: after woodcutting each player goes through the steps at their own pace; nobody has to say `done`.

A player's entry of a later step closes that player's earlier steps (their optional moves lapse) while the others
stay where they are; woodcutting stays common in clearing order; a table entry closes every step for everyone; a
move that is not optional is named in the refusal. Also R23 (one foreman a round on 12 and 16), R33 (stand-ins
by choice) and the furniture refusal after a tasks step that closed by itself.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from helpers import PATHS, cli, fix, forward, play, player, refused, start

from lignum_companion.engine import apply, flow, new_game, parse, score
from lignum_companion.gamefile import store as gamefile
from lignum_companion.views import game as views

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
DONE_LINE = re.compile(r"^\S+ done\s*$")


def at_selling(n: int = 3, *lines: str, strict: bool = False):
    """Everyone walks to the clearing; each player has 2 firewood and 1 milled firewood in the sale area."""
    g = start(n, strict=strict).then("path " + PATHS[n]).game()
    names = [p.name for p in g.players]
    play(g, None, *(fix(x, "sale.F", 2) for x in names), *(fix(x, "sale.mF", 1) for x in names), *lines)
    forward(g, step="selling")
    return g


def state(g) -> str:
    return json.dumps(g.to_dict(), sort_keys=True)


# --- section 1: each player at their own pace ------------------------------------------------------------------


def test_R24_a_drying_entry_while_others_still_sell_is_accepted_and_the_others_stay() -> None:
    g = at_selling(3, fix("cleo", "drying-hut", 1))
    play(g, None, "cleo dry mF")  # cleo's selling closes (nothing sold: her choice); the others still sell
    assert g.step_of(2) == "drying" and g.step_of(0) == g.step_of(1) == "selling" and g.step == "selling"
    assert player(g, "cleo").wood["dry1"] == {"mF": 1} and player(g, "cleo").wood["sale"] == {"F": 2}
    assert views.waiting_for(g) == "anna (selling), ben (selling); cleo is drying"  # her drying hut could act
    assert flow.waiting(g)["players"] == [{"name": "anna", "step": "selling"}, {"name": "ben", "step": "selling"},
                                          {"name": "cleo", "step": "drying"}]
    e = refused(g, "cleo sell sale:F", "R24")  # her selling is over; the refusal says who the step waits for
    assert "cleo has finished the selling step" in str(e) and "anna (selling), ben (selling)" in str(e)
    play(g, None, "anna sell sale:2F", "ben sell sale:F")
    assert g.step_of(0) == "selling"  # R11 amended: she may sell again (her milled firewood) until she moves on
    play(g, None, "anna done")
    assert g.step_of(0) == "drying" or g.step_of(0) == "end"


def test_R24_refusals_name_the_players_the_step_waits_for_in_korean_too() -> None:
    from lignum_companion.texts import catalog as texts

    g = at_selling(3, fix("cleo", "drying-hut", 1))
    play(g, None, "cleo dry mF")
    texts.choose("ko")
    try:
        text = views.waiting_for(g)
    finally:
        texts.choose(None)
    assert text == "anna (판매), ben (판매); cleo: 건조 중"


def test_R24_a_later_step_entry_lets_only_that_players_optional_moves_lapse() -> None:
    """`ben saw H` right after his transport: ben's transport closes; anna is still transporting."""
    g = start(2).then("path " + PATHS[2]).game()
    play(g, None, fix("anna", "woodpile.F", 2), fix("ben", "woodpile.F", 2), fix("ben", "saw.H", 1),
         fix("ben", "saw", 1), fix("ben", "accom-hut", 1), "anna go 10 2", "ben go 9", "anna go clearing", "ben go 16")
    forward(g, step="transport")
    assert flow.actor_kind(g) == "free"
    play(g, None, "ben carry sale:F")
    assert g.step_of(1) == "transport"  # ben could still carry (his accommodation hut): his turn stays open
    play(g, None, "ben saw H")
    assert g.step_of(0) == "transport" and player(g, "ben").wood["sale"] == {"F": 1, "mH": 1}
    assert player(g, "ben").wood["woodpile"] == {"F": 1} and player(g, "ben").huts == {"accom": 1}  # it lapsed


def test_R24_the_first_winter_entry_closes_the_fall_for_everyone() -> None:
    """`anna bonus H` with ben still able to dry: the fall ends for both (winter has no path), ben's dry lapses."""
    g = start(2).game()
    forward(g, step="path", round=3)
    play(g, None, "path " + PATHS[2], *(fix(x, "sale.F", 2) for x in ("anna", "ben")))
    forward(g, step="selling", round=3)
    play(g, None, "anna sell sale:2F")
    assert g.step_of(0) == "end" and g.step_of(1) == "selling"  # ben could sell or dry
    before_ben = dict(player(g, "ben").wood["sale"])
    play(g, None, "anna bonus H")
    assert g.round == 4 and g.step == "bonus" and player(g, "anna").wood["woodpile"].get("H") == 1
    assert player(g, "ben").wood["sale"] == before_ben and flow.actors(g) == [1, 0] and g.step_of(0) == "cutting"


def test_R24_a_mandatory_move_is_named_instead_of_lapsing() -> None:
    g = at_selling(2, fix("anna", "dry3.mS", 1), fix("ben", "dry3.mS", 1))
    e = refused(g, "anna dry F", "R12")  # anna must sell her third drying area first
    assert "anna" in str(e) and "third drying area" in str(e)
    play(g, None, "anna sell dry3:mS", "anna dry F")
    e = refused(g, "path " + PATHS[2], "R12")  # a table entry: ben's sale is not optional, the refusal names him
    assert "ben must first sell" in str(e)
    play(g, None, "ben sell dry3:mS", "path " + PATHS[2])
    assert g.round == 2


def test_R24_a_done_from_a_finished_player_changes_nothing() -> None:
    g = at_selling(2)
    play(g, None, "anna sell sale:2F+mF")
    assert flow.pace.finished(g, 0)
    before = state(g)
    play(g, None, "anna done")
    assert state(g) == before
    g2 = start(2).game()
    forward(g2, step="cutting")
    play(g2, None, "anna done")
    before = state(g2)
    play(g2, None, "anna done")  # in woodcutting too, and it closes no one else's turn
    assert state(g2) == before


def test_R24_a_winter_in_which_nobody_cuts_needs_no_done() -> None:
    g = start(2, winter=((0, 0), (0, 0))).game()
    forward(g, step="bonus", round=4)
    play(g, None, fix("anna", "sledge", 1), fix("ben", "saw", 1), fix("ben", "saw.H", 1))
    play(g, None, "anna bonus F", "ben bonus H", "anna sledge sale:F", "ben saw H")
    assert g.round == 5 or g.step == "path"  # both mills through: fed and heated by themselves (R14)
    assert {(b["player"], b["step"]) for b in g.winter_bills} == {(0, "feeding"), (0, "heating"), (1, "feeding"),
                                                                  (1, "heating")}


def test_R24_an_accommodation_hut_or_mill_worker_no_longer_keeps_a_step_open_for_others() -> None:
    g = start(2).game()
    forward(g, step="bonus", round=4)
    play(g, None, fix("anna", "accom-hut", 1), fix("anna", "woodpile.F", 1), fix("anna", "sledge", 1))
    play(g, None, "anna bonus F", "ben bonus F")
    assert g.step_of(0) == "cutting"  # anna could cut with her mill worker and hut
    play(g, None, "ben done")
    assert g.step_of(1) != "cutting" and g.step_of(0) == "cutting"  # ben moves on alone
    play(g, None, "anna sledge sale:2F")  # anna's cut lapses; her sledge takes the mill worker
    assert player(g, "anna").huts.get("accom") == 1 and player(g, "anna").wood["sale"] == {"F": 2}


def test_R24_woodcutting_stays_common_and_names_who_still_cuts() -> None:
    g = start(2).then("path " + PATHS[2], "anna go 10 1", "ben go 1", "anna go clearing", "ben go clearing").game()
    assert g.step == "cutting" and flow.actors(g) == [0]
    e = refused(g, "ben carry sale:F", "R24")
    assert "anna" in str(e)
    play(g, None, "anna cut F", "anna carry sale:F")  # ben had his turn in the sense that only stand-ins are left
    assert g.step_of(0) in ("transport", "sawing", "selling", "drying", "end")


def test_R24_strict_order_keeps_every_step_common() -> None:
    g = at_selling(2, strict=True)
    assert flow.actor_kind(g) == "clearing" and not g.own_steps
    refused(g, "ben dry F", "R24")
    refused(g, "anna dry F")  # anna's selling is not over until she says so: drying is the next step


def test_R24_show_json_holds_each_players_step(tmp_path) -> None:
    g_script = start(3).then("path " + PATHS[3])
    g = g_script.game()
    lines = list(g_script.lines)
    names = ("anna", "ben", "cleo")
    play(g, lines, *(fix(x, "sale.F", 2) for x in names), fix("cleo", "sale.mF", 1), fix("cleo", "drying-hut", 1))
    forward(g, lines, step="selling")
    play(g, lines, "cleo dry mF")
    path = tmp_path / "g.lignum"
    path.write_text(gamefile.render(gamefile.append(gamefile.new_file(g_script.setup), lines)), encoding="utf-8")
    r = cli("show", str(path), "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["own_steps"] == ["selling", "selling", "drying"] and data["step"] == "selling"
    r = cli("next", str(path))
    assert "anna (selling), ben (selling); cleo is drying" in r.stdout


# --- the examples, entered as a table plays them: no `done` lines -----------------------------------------------


def _replay(text: str):
    gf = gamefile.parse_text(text)
    g = new_game(gf.setup)
    at_paths = []
    for line in gf.actions:
        apply(g, parse(line.text, g.board))
        if line.text.startswith("path "):  # a table entry: every step closed for everyone
            at_paths.append(json.dumps(g.to_dict()["players"], sort_keys=True))
    return g, at_paths


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.lignum")))
def test_R24_every_example_without_its_done_lines_replays_to_the_same_scores(name: str) -> None:
    text = (EXAMPLES / name).read_text(encoding="utf-8")
    bare = "\n".join(line for line in text.splitlines() if not DONE_LINE.match(line)) + "\n"
    assert bare != text, "the example has done lines to remove"
    g1, paths1 = _replay(text)
    g2, paths2 = _replay(bare)
    s1, s2 = score(g1), score(g2)
    assert s1["final"] and s2["final"]  # the last winter's optional moves lapse when the table stops
    assert [(r["name"], r["total"]) for r in s1["players"]] == [(r["name"], r["total"]) for r in s2["players"]]
    end = flow.wound_up(g2) or g2  # the last winter's optional moves lapse: fed and heated
    assert [p.season_money for p in g1.players] == [p.season_money for p in end.players]
    assert paths1 == paths2  # the same mills whenever the table lays the next path


def test_R24_score_is_provisional_while_a_binding_move_is_left_in_the_last_winter() -> None:
    g = start(2, winter=((4, 2), (9, 9))).game()
    forward(g, step="bonus", round=8)
    anna = player(g, "anna")
    play(g, None, fix("anna", "sale.F", 3), *([fix("anna", "money", -anna.money)] if anna.money else []),
         *([fix("anna", "loans", 2 - anna.loans)] if anna.loans < 2 else []))
    forward(g, until=lambda g: g.step == "feeding")
    assert flow.actors(g) == [0]  # anna must choose the wood to sell (R14)
    assert not score(g)["final"]
