"""Things said twice or out of their moment (the Korean three-player try-out, issue of 2026-12-02).

Each test renders one line in Korean and in English and checks it says the thing once, counted, in the words of
GLOSSARY.md; each failed on the code before its fix.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from helpers import fix, game_at, script_to, start

from lignum_companion.texts import catalog as texts
from lignum_companion.texts import words as W


@contextmanager
def lang(code: str) -> Iterator[None]:
    """Show texts in `code` for the block."""
    texts.choose(code)
    try:
        yield
    finally:
        texts.choose(None)


def test_equal_pieces_a_task_needs_are_counted_not_listed_one_by_one():
    pairs = [("mF", 2), ("mF", 2), ("mH", 1)]
    with lang("ko"):
        assert W.needs(pairs) == "가공된 장작 2개 (셋째 건조 구역), 가공된 활엽수 (둘째 건조 구역)"
        assert W.coded_needs(["mF@2", "mF@2"]) == "가공된 장작 2개 (셋째 건조 구역)"
    with lang("en"):
        assert W.needs(pairs) == ("2 milled firewood from the third drying area, "
                                  "milled hardwood from the second drying area")


def _echo(g, line: str, code: str) -> list[str]:
    """The echo `play` shows for `line`, in the language `code`."""
    from lignum_companion.engine import play as engine_play
    from lignum_companion.views import events as echo

    before = g.clone()
    return echo.event_lines(g, engine_play(g, line).events, code, before=before)


def test_a_market_purchase_says_its_verb_once_with_the_goods_joined():
    for code, want, twice in (("ko", "시장에서 사기: 톱 1개, 음식 2개", "시장에서 사기: 음식"),
                              ("en", "buy 1 saw, 2 food at the market", "buy 2 food")):
        g = game_at(2, step="travel", round=1, before=(fix("anna", "money", 3),))
        text = " ".join(_echo(g, "anna go 19 buy:saw+2food", code))
        assert want in text and twice not in text, text


def test_a_spent_hut_is_named_once():
    for code, hut in (("ko", "음식 저장고"), ("en", "food-storage hut")):
        script = script_to(start(2), step="placement", round=2).then("placement 3:2food")
        g = script_to(script, step="travel", round=2).then(fix("ben", "food-hut", 1)).game()
        text = " ".join(_echo(g, "ben foodhut 3", code))
        assert text.count(hut) == 1, text


def test_the_winter_bill_names_what_is_short_and_says_its_cost_once(tmp_path):
    import io

    from lignum_companion import table

    for code, bill, short in (("ko", "겨울 청구서, anna:", "음식 4개, 난방 목재 2개 부족: $18"),
                              ("en", "Winter bill, anna:", "4 food, 2 heating wood missing: $18")):
        path = script_to(start(2), step="bonus", round=4).write(tmp_path / f"bill-{code}.lignum")
        out = io.StringIO()
        con = table.Console(tty=False, stdin=io.StringIO("\n" * 7 + "quit\n"), stdout=out)
        with lang(code):
            table.play(path, con=con, seed="1")
        text = " ".join(out.getvalue().split())
        line = text[text.index(bill):].split(" -- ")[0]
        assert short in line, line
        assert line.count("$18") == 1, line  # not again as 'winter -$18'


def test_the_last_winter_cut_warning_speaks_of_wood_that_would_be_cut_and_only_at_the_cutting_step():
    from lignum_companion.engine import advice
    from lignum_companion.views.game import warning_text

    assert not [a for a in advice.warnings(game_at(2, step="bonus", round=8)) if a.kind == "last-winter-cut"]
    g = game_at(2, step="cutting", round=8)
    [a] = [a for a in advice.warnings(g) if a.kind == "last-winter-cut" and a.player == "anna"]
    with lang("ko"):
        ko = warning_text(a)
    with lang("en"):
        en = warning_text(a)
    assert ko.startswith("anna: 지금 벌목하면 장작 2개가") and "벤 목재" not in ko, ko  # not yet cut (R13)
    assert en.startswith("anna: cutting now would bring 2 firewood") and "wood cut now" not in en, en


def _menu_notes(g, code: str) -> dict[str, str]:
    """The shown entries of the acting player's menu and their notes, in the language `code`."""
    from lignum_companion.engine import flow
    from lignum_companion.table.entries import MenuContext
    from lignum_companion.table.menu import Said
    from lignum_companion.table.turns import turn_menu

    with lang(code):
        menu = turn_menu(MenuContext(g, Said(), None), flow.actors(g)[0])
    return {c.shown: c.note for c in menu.choices}


def test_the_drying_steps_done_entry_speaks_of_the_sale_area_only_when_it_holds_wood():
    empty = game_at(2, step="drying", round=1, before=(fix("anna", "drying-hut", 1), fix("anna", "dry1.S", 1)))
    assert _menu_notes(empty, "ko")["done"] == "이 단계를 마칩니다"
    assert _menu_notes(empty, "en")["done"] == "finished with this step"
    held = game_at(2, step="drying", round=1, before=(fix("anna", "sale.S", 1), fix("anna", "dry1.S", 1)))
    assert _menu_notes(held, "ko")["done"] == "가판대를 그대로 둠"
    assert _menu_notes(held, "en")["done"] == "leave the sale area as it is"


def test_sawing_all_the_logs_into_the_firewood_storage_says_all_not_four_of_them():
    g = game_at(2, step="sawing", round=1, before=(fix("anna", "saw.F", 1), fix("anna", "saw", 1)),
                winter=((4, 4), (5, 5)))
    assert _menu_notes(g, "ko")["saw F store:4"] == "장작 1개 → 가공된 장작 4개, 모두 장작 창고로 (난방)"
    assert _menu_notes(g, "en")["saw F store:4"] == ("1 firewood → 4 milled firewood, all to the firewood storage "
                                                     "(heating)")
    assert "가공된 장작 4개: 모두 장작 창고에 (" in _echo(g.clone(), "anna saw F store:4", "ko")[0]
    assert "4 milled firewood: all to the firewood storage (" in _echo(g.clone(), "anna saw F store:4", "en")[0]
    assert "2 to the firewood storage, 2 to the sale area" in _echo(g.clone(), "anna saw F store:2", "en")[0]


def test_fodder_is_shown_by_the_value_its_token_shows_never_a_bare_number():
    from lignum_companion.table.entries import MenuContext
    from lignum_companion.table.menu import Said
    from lignum_companion.table.turns import turn_header

    g = game_at(2, step="travel", round=1, before=(fix("anna", "wagon", 1), fix("anna", "money", 3)))
    assert "사료 토큰 가져오기(값 3)" in " ".join(_echo(g, "anna go 6", "ko"))
    g.players[0].fodder = [2, 3]
    with lang("ko"):
        head = turn_header(MenuContext(g, Said(), None), g.players[0])[0]
    assert "사료 2개(값 3, 2)" in head and "사료 2,3" not in head, head
    with lang("ko"):
        assert W.fodder([2, 3]) == "사료 2개(값 3, 2)" and W.fodder([3]) == "사료(값 3)"
    with lang("en"):
        assert W.fodder([2, 3]) == "2 fodder (values 3, 2)" and W.fodder([3]) == "fodder (value 3)"


class _Asked:
    """A console that records the wizard's questions and takes each default."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def select(self, question: str, choices: list, default: int) -> object:
        self.asked.append(question)
        return choices[default][1]


def test_the_wizards_warning_question_names_only_what_the_chosen_mode_has():
    import random

    from lignum_companion.table.wizard import _Wizard as Wizard

    for code, plans, tasks in (("ko", "작업 계획", "과업"), ("en", "plans", "tasks")):
        asked = {}
        for mode in ("basic", "advanced", "expert"):
            con = _Asked()
            with lang(code):
                assert Wizard({}, con, random.Random(1)).warnings(mode) is True
            asked[mode] = con.asked[0]
        assert plans not in asked["advanced"] and plans not in asked["basic"], asked  # no planned work (R20)
        assert tasks in asked["advanced"] and tasks not in asked["basic"], asked  # tasks: advanced and expert (R19)
        assert plans in asked["expert"], asked


def _play(path, script, answers: list[str], code: str) -> str:
    """What `lignum play` shows for these answers, in the language `code`."""
    import io

    from lignum_companion import table

    script.write(path)
    out = io.StringIO()
    con = table.Console(tty=False, stdin=io.StringIO("\n".join(answers) + "\n"), stdout=out)
    with lang(code):
        table.play(path, con=con, seed="1")
    return out.getvalue()


def test_a_rules_answer_inside_a_game_without_the_expansion_leaves_out_the_carpenters(tmp_path):
    from lignum_companion.views import rules_lookup as rl

    for code, carpenter in (("ko", "목수"), ("en", "carpenter")):
        with lang(code):
            for t in rl.list_topics():  # every part marked is in its text (a reworded text would keep it silently)
                flat = " ".join(t.body.split())
                assert all(" ".join(text.split()) in flat for text, _ in t.expansion_only), (code, t.id)
                assert "R23" not in rl.without_expansion(t).rules or not t.expansion_only
            feeding = rl.without_expansion(rl.topic("winter-feeding"))
            assert carpenter not in feeding.body and "R23" not in feeding.body, feeding.body
            assert carpenter in rl.topic("winter-feeding").body  # the whole text for a game with it
    for code, ask, carpenter in (("ko", "겨울 음식", "목수"), ("en", "winter food", "carpenter")):
        base = _play(tmp_path / f"base-{code}.lignum", script_to(start(2), step="travel", round=1),
                     [f"rules {ask}", "quit"], code)
        answer = base.split("[winter-feeding]")[1]
        assert carpenter not in answer and "R23" not in answer, answer
        joinery = _play(tmp_path / f"joinery-{code}.lignum",
                        script_to(start(2, expansion="joinery"), step="travel", round=1),
                        [f"rules {ask}", "quit"], code)
        assert carpenter in joinery.split("[winter-feeding]")[1]


def test_the_score_sheets_ledger_writes_a_net_of_zero_as_the_other_rows_write_theirs():
    from pathlib import Path

    from lignum_companion.gamefile import store as gamefile
    from lignum_companion.printables import score_sheet as pdf

    gf, g = gamefile.load(Path(__file__).resolve().parent.parent / "examples" / "advanced-3p.lignum")
    for code in ("ko", "en"):
        with lang(code):
            sheet = pdf._Sheet(gf, g, pdf.paper_size("A4"), pdf.default_fonts(), None)
            sheet.width = 500  # as build() sets it from the page
            tables = [x for x in sheet.ledger() if hasattr(x, "_content")]
            rows = [[c.getPlainText() for c in row]
                    for block in tables for part in block._content if hasattr(part, "_cellvalues")
                    for row in part._cellvalues[1:]]
        zero = [row for row in rows if row[-1] and row[-2] in ("", "$0")]
        assert zero and all(row[-2] == "$0" for row in zero), (code, zero)  # lena's second winter: nothing moved
