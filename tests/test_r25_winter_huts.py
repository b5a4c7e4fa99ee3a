"""R25: in winter an accommodation hut may cut 1 firewood without the mill worker (`cut hut:N millworker:no`),
who then still drives the sledge or saws later that winter; with him, huts add 1 each to his 2."""

from __future__ import annotations

import pytest
from helpers import fix, forward, play, player, refused, script_to, start

from lignum_companion.engine import NotationError, legal_actions, parse
from lignum_companion.texts import catalog as texts
from lignum_companion.texts import refusals

WINTER = (fix("anna", "accom-hut", +2), fix("anna", "sledge", +1), fix("anna", "saw", +1),
          fix("anna", "money", +20))


def _cutting(*extra: str):
    """Anna at the first winter's cutting step, holding 2 accommodation huts, a sledge and a saw; bonus F."""
    g = script_to(start(2).then(*WINTER, *extra), step="bonus", round=4).game()
    play(g, None, "anna bonus F", "ben bonus F")
    forward(g, step="cutting", round=4, who="anna")
    return g


def test_R25_a_hut_alone_cuts_1_and_the_mill_worker_stays_free() -> None:
    g = _cutting()
    play(g, None, "anna cut hut:1 millworker:no")
    anna = player(g, "anna")
    assert anna.wood["woodpile"] == {"F": 2} and anna.huts == {"accom": 1} and anna.mill_worker


def test_R25_the_mill_worker_then_sledges_in_the_same_winter() -> None:
    g = _cutting()
    play(g, None, "anna cut hut:1 millworker:no")
    forward(g, step="transport", round=4, who="anna")
    play(g, None, "anna sledge saw:2F")
    anna = player(g, "anna")
    assert anna.wood["saw"] == {"F": 2} and not anna.mill_worker and anna.huts == {"accom": 1}


def test_R25_the_mill_worker_then_saws_in_the_same_winter() -> None:
    g = _cutting(fix("anna", "saw.S", +1))
    play(g, None, "anna cut hut:2 millworker:no")
    assert player(g, "anna").wood["woodpile"] == {"F": 3}
    forward(g, step="sawing", round=4, who="anna")
    assert player(g, "anna").mill_worker and not player(g, "anna").huts  # only he can saw now (R6)
    play(g, None, "anna saw S")  # the last move of the step: the winter then runs on by itself
    assert player(g, "anna").wood["sale"] == {"mS": 3}


def test_R25_mill_worker_with_huts_is_unchanged_2_plus_n() -> None:
    g = _cutting()
    play(g, None, "anna cut hut:2 millworker:yes")  # `yes` is the default, as if left out
    anna = player(g, "anna")
    assert anna.wood["woodpile"] == {"F": 5} and anna.huts == {} and not anna.mill_worker
    # R33 makes `millworker:yes` meaningful in every season (he works even while hired workers wait): it is kept
    assert parse("anna cut hut:2 millworker:yes").text == "anna cut hut:2 millworker:yes"


@pytest.mark.parametrize(("line", "en", "ko"), [
    ("anna cut hut:3 millworker:no", "anna has 2 accommodation huts", "anna의 일꾼 숙소는 2개입니다"),
    ("anna cut millworker:no", "only accommodation huts cut", "일꾼 숙소만 벱니다"),
])
def test_R25_refusals_are_one_line_with_the_ruling_in_both_languages(line: str, en: str, ko: str) -> None:
    g = _cutting()
    e = refused(g, line, "R25")
    for lang, want in (("en", en), ("ko", ko)):
        texts.choose(lang)
        try:
            shown = refusals.render(e)
            assert want in shown and "R25" in shown and "\n" not in shown, shown
        finally:
            texts.choose(None)


def test_R33_millworker_no_is_accepted_outside_winter_too() -> None:
    """Before R33 `millworker:no` was for winter only; now who does a job is the player's choice in every season."""
    g = script_to(start(2).then(fix("anna", "accom-hut", +1)), step="cutting", round=1, who="anna").game()
    play(g, None, "anna cut F hut:1 millworker:no")
    anna = player(g, "anna")
    assert anna.wood["woodpile"] == {"F": 1} and anna.huts == {} and anna.mill_worker


@pytest.mark.parametrize(("lang", "want"), [("en", "`millworker:` takes `no`, `yes`, not `maybe`"),
                                            ("ko", "`millworker:` 뒤에는 `no`, `yes` 중 하나")])
def test_R25_a_malformed_millworker_value_is_a_keyed_notation_error(lang: str, want: str) -> None:
    with pytest.raises(NotationError) as info:
        parse("anna cut hut:1 millworker:maybe")
    assert info.value.key == "millworker_value"
    texts.choose(lang)
    try:
        assert want in info.value.reason, info.value.reason
    finally:
        texts.choose(None)


def test_R25_menus_offer_the_hut_alone_only_while_the_mill_worker_is_free() -> None:
    g = _cutting()
    offered = [a.text for a in legal_actions(g, player=g.turn)]
    assert "anna cut hut:1 millworker:no" in offered and "anna cut hut:1" in offered and "anna cut" in offered
    play(g, None, "anna cut")  # the mill worker cuts: no hut-alone cut to offer any more
    assert not player(g, "anna").mill_worker


def test_R25_play_menu_says_who_cuts_and_keeps_the_notation(tmp_path) -> None:
    from play_helpers import session

    script = script_to(start(2).then(*WINTER), step="cutting", round=4, who="anna")
    for lang, want in (("en", "accommodation huts cut 1 firewood without the mill worker"),
                       ("ko", "제재소 일꾼 없이 일꾼 숙소가 장작 1개를 벱니다")):
        texts.choose(lang)
        try:
            out, _ = session(tmp_path, script, ["quit"])
        finally:
            texts.choose(None)
        assert "cut hut:1 millworker:no" in out and want in out, out[-1500:]


def test_R25_the_simulator_plays_a_hut_alone_with_its_invariants_clean() -> None:
    """Random games (2 players, basic; seed 129 on today's candidates) send a hut without the mill worker; the
    invariants' wood count must explain it (R25)."""
    from lignum_companion.dev import simulate

    for seed in range(129, 141):
        report = simulate.play_game(seed, 2, "basic")
        assert report.over and report.violations == [], report.violations
        if any(line.endswith("millworker:no") for line in report.log):
            break
    else:
        pytest.fail("no random game spent a hut without the mill worker")


def test_R25_the_reminder_names_the_hut_alone_only_to_a_hut_holder_in_both_languages() -> None:
    from lignum_companion.views import game as views

    g = _cutting()
    for lang, want in (("en", "cut hut:1 millworker:no"), ("ko", "일꾼 숙소만 하나에 장작 1개씩")):
        texts.choose(lang)
        try:
            text = views.reminder(g)
            assert want in text and "R25" in text, text
        finally:
            texts.choose(None)
    play(g, None, "anna cut hut:1 millworker:no")  # ben holds no hut: his reminder stays as it was
    texts.choose("en")
    try:
        assert "millworker:no" not in views.reminder(g) and "ben's mill worker may cut 2" in views.reminder(g)
    finally:
        texts.choose(None)


def test_R25_old_cut_lines_read_back_unchanged() -> None:
    """The examples' cut lines (written before `millworker:`) still send the mill worker and gain no part; the
    examples' replays and totals are checked in test_examples.py."""
    from pathlib import Path

    from lignum_companion.gamefile import store as gamefile

    seen = 0
    for path in sorted((Path(__file__).parent.parent / "examples").glob("*.lignum")):
        for text in gamefile.read(path).action_texts():
            if text.split()[1:2] == ["cut"]:
                a = parse(text)
                assert "millworker" not in a.text and a.args.get("mill", True), text
                seen += 1
    assert seen > 20
