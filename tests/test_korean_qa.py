"""Found by playing as a new Korean table (QA pass on issue #12); each test failed before its fix.

- The areas question offered "random [random]" and the colours question "[red blue green]" in English.
- The play help lost its columns on one line too wide for the terminal (quit).
- The path question was labelled "path [1]>" in Korean (now "경로 [1]>").
- An accepted action was echoed "  ok: anna go 4 5" in Korean, and undo said "  undone: ...".
- `rules ...` in play named the other matching topics by bare ids (faq-supply, winter-heating).
- `lignum calc` read no Korean piece or token names (2장작, 말뚝); `calc sale hardwood@dry2` printed a raw refusal key.
- The expansion texts called softwood and hardwood 연목/경목 (elsewhere 침엽수/활엽수).
- `score --projected` named unsold wood by English area names (woodpile, sawing area).
- The expert menu said "1 토큰 쌍으로" for token pair number 1 (now "1번 토큰 쌍으로").
- Market entries said "$1 내기" (reads as "a $1 bet"); now "$1 지불".
- `next` named a planned work card that works this season by its code alone (trade이(가)).
- A task's needs read "가공된 활엽수 단계 1"; now "가공된 활엽수 (건조 1단계)".
- The wizard's planned work list lost its column at 식량 공급(food-supply); the summary and the unknown-card
  refusal named the cards by code.
- `show` listed the planned work cards by code ("trade (토큰 1개)"), and "1 tokens" in English.
- What an action changed showed a new debt as "빚 0 -> 4" (not dollars).
- Particles were shown in both forms after every name and word ('민준'이(가), 영역은(는)), which reads as a
  form to fill in; once the word is known the right particle is chosen (texts.particles).
"""

from __future__ import annotations

import re

import pytest

from lignum_companion.texts import catalog as texts


@pytest.mark.parametrize(("shown", "read"), [
    ("민준은(는) 기다립니다", "민준은 기다립니다"),        # final consonant: 은
    ("서연이(가) 두 번", "서연이 두 번"),
    ("'민준'이(가) 두 번 나옵니다", "'민준'이 두 번 나옵니다"),  # past a closing quote
    ("지우을(를) 고릅니다", "지우를 고릅니다"),            # no final consonant: 를
    ("초과 근무(overtime)은(는)", "초과 근무(overtime)는"),  # past a gloss in brackets
    ("99이(가) 아닙니다", "99가 아닙니다"),                # 구: no final consonant
    ("3이(가) 아닙니다", "3이 아닙니다"),                  # 삼
    ("돈 $5(으)로는", "돈 $5로는"),                       # 5달러: 로
    ("$3이(가) 모자랍니다", "$3가 모자랍니다"),            # 3달러가
    ("돈(으)로", "돈으로"),
    ("'서연'(이)라는 플레이어", "'서연'이라는 플레이어"),
    ("'지우'(이)라는 플레이어", "'지우'라는 플레이어"),
    ("서연와(과) 민준", "서연과 민준"),
    ("anna은(는) 기다립니다", "anna는 기다립니다"),        # a Latin name ending in a vowel: 안나는
    ("ben은(는) 기다립니다", "ben은 기다립니다"),          # 벤은
    ("bob은(는) 기다립니다", "bob은(는) 기다립니다"),      # 밥 or 보브: both forms stay
    ("`F`은(는) 알 수 없는", "`F`은(는) 알 수 없는"),
    ("폴더 /tmp/no이(가) 없습니다", "폴더 /tmp/no이(가) 없습니다"),  # a path is no name
    ("sale:F+S을(를)", "sale:F+S을(를)"),
])
def test_a_particle_after_a_known_word_is_the_one_korean_uses(shown, read) -> None:
    assert texts.particles(shown) == read


def test_the_wizard_says_a_name_twice_with_one_particle_in_korean_and_as_before_in_english() -> None:
    from lignum_companion.table.common import tpl

    try:
        texts.choose("ko")
        assert tpl("players_twice", name="민준").startswith("두 번 나오는 이름: '민준'.")
        assert tpl("players_twice", name="nicole").startswith("두 번 나오는 이름: 'nicole'.")  # no particle after it
        texts.choose("en")
        assert tpl("players_twice", name="anna").startswith("the name 'anna' is given twice")
    finally:
        texts.choose(None)


def test_the_wizard_offers_random_areas_in_the_players_language() -> None:
    from lignum_companion.table.common import tpl

    try:
        texts.choose("ko")
        ko = tpl("ask_areas", names="민준 서연")
        assert "random" not in ko and ko.endswith("또는 무작위 [무작위]")
        texts.choose("en")
        assert tpl("ask_areas", names="anna ben").endswith("or random [random]")
    finally:
        texts.choose(None)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_play_help_fits_the_terminal_so_its_columns_stay_aligned(lang) -> None:
    """A longer line was re-wrapped word by word and lost its column ('quit 여기서 멈춥니다...')."""
    from lignum_companion.table.common import tpl

    try:
        texts.choose(lang)
        lines = tpl("help").splitlines()
    finally:
        texts.choose(None)
    rows = [line for line in lines if line.startswith("  ")]  # the two-column rows (a heading may wrap)
    assert len(rows) > 10 and all(texts.display_width(row) <= 80 for row in rows), \
        [row for row in rows if texts.display_width(row) > 80]


def test_play_confirms_a_saved_line_in_the_players_language() -> None:
    """Every accepted action was echoed as '  ok: anna go 4 5' in Korean too."""
    from lignum_companion.table.common import tpl

    try:
        texts.choose("ko")
        assert tpl("saved_line", text="anna go 4 5") == "  저장: anna go 4 5"
        texts.choose("en")
        assert tpl("saved_line", text="anna go 4 5") == "  ok: anna go 4 5"
    finally:
        texts.choose(None)


@pytest.mark.parametrize(("lang", "question", "words"), [
    ("ko", "rules 겨울에 음식이 모자라면", "관련 주제: "),
    ("en", "rules what if I cannot pay for food", "Also matching: ")])
def test_play_names_the_other_matching_topics_by_their_titles(lang, question, words, monkeypatch, tmp_path) -> None:
    """`rules ...` in play listed the other topics as bare ids (faq-supply, winter-heating) in Korean too."""
    from typer.testing import CliRunner

    from lignum_companion.cli.app import app
    from lignum_companion.views import rules_lookup as rl

    for var in ("LANG", "LC_ALL", "LC_MESSAGES", "LIGNUM_LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LIGNUM_GAMES_DIR", str(tmp_path))
    runner = CliRunner()
    try:
        new = ["new", "-p", "anna,민준", "--mode", "basic", "--no-variants", "--order", "anna,민준",
               "--areas", "anna=1,민준=5", "--winter", "6/3,7/4", "--lang", lang]
        assert runner.invoke(app, new).exit_code == 0
        out = runner.invoke(app, ["play", "--lang", lang], input=f"{question}\nquit\n").output
        also = next(line for line in out.splitlines() if words in line)
        found = rl.lookup(question.removeprefix("rules "))
        assert len(found) > 1 and all(f"{t.title} [{t.id}]" in out for t in found[1:2]), also
    finally:
        texts.choose(None)
        texts.use_game(None)


@pytest.mark.parametrize(("name", "korean"), [("지우", "지우에게 강에"), ("nicole", "nicole에게 강에")])
def test_a_reminder_after_a_name_ending_in_a_vowel_reads_right(name, korean) -> None:
    """'{name}은 강에 ...' was written with 은 only, so 지우 read '지우은'."""
    try:
        texts.choose("ko")
        assert texts.fill(texts.load("reminders")["skip"]["no_river"], name=name).startswith(korean)
        texts.choose("en")
        assert texts.fill(texts.load("reminders")["skip"]["no_river"], name="anna").startswith("anna has nothing")
    finally:
        texts.choose(None)


CALC_REFUSALS = [  # (arguments, English words kept as they were)
    (["calc", "sale", "oak"], "unknown kind 'oak' in 'oak'; kinds: firewood"),
    (["calc", "sale", "0xfirewood"], "cannot read '0xfirewood': the count must be at least 1"),
    (["calc", "sale", "2xmilled-firewood@dry1", "softwood@dry1"], "the first drying area cannot hold 2 milled"),
    (["calc", "market"], "nothing to buy or sell"),
    (["calc", "market", "--sell", "raft"], "raft tokens can be sold only with the Trade"),
    (["calc", "market", "--buy-saws", "9"], "a mill holds at most 4 saws, so nobody buys 9"),
    (["calc", "loan", "--loans", "3"], "a player holds at most 2 loans, not 3"),
    (["calc", "winter", "--food-need", "x", "--heat-need", "3", "--food", "2", "--heat", "1", "--money", "3"],
     "--food-need must be a whole number, not 'x'"),
]


@pytest.fixture
def cli(monkeypatch, tmp_path):
    from typer.testing import CliRunner

    from lignum_companion.cli.app import app

    for var in ("LANG", "LC_ALL", "LC_MESSAGES", "LIGNUM_LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LIGNUM_GAMES_DIR", str(tmp_path))
    runner = CliRunner()
    yield lambda *args: runner.invoke(app, list(args))
    texts.choose(None)
    texts.use_game(None)


@pytest.mark.parametrize(("args", "english"), CALC_REFUSALS)
def test_the_calculators_refuse_in_korean_and_in_english_as_before(cli, args, english) -> None:
    """`lignum calc` refused in English under Korean ('cannot read '2장작': write a piece as ...')."""
    en = cli(*args)
    assert en.exit_code == 1 and english in en.output, en.output
    ko = cli(*args, "--lang", "ko")
    shown = ko.output.strip().removeprefix("오류: ")
    assert ko.exit_code == 1 and any("\uac00" <= ch <= "\ud7a3" for ch in shown), ko.output
    assert english.split(":")[0] not in shown  # not the English sentence


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_sale_and_market_calculators_read_korean_names(cli, lang) -> None:
    sale = cli("calc", "sale", "2장작", "가공된-장작@dry1", "--json", "--lang", lang)
    assert sale.exit_code == 0, sale.output
    assert '"total": 7' in sale.output
    market = cli("calc", "market", "--sell", "말뚝,2x판자", "--json", "--lang", lang)
    assert market.exit_code == 0 and '"income": 2' in market.output, market.output


@pytest.mark.parametrize(("lang", "said"), [("ko", "가공하지 않은 활엽수"), ("en", "unmilled hardwood cannot be sold")])
def test_calc_words_the_engine_s_own_refusal_in_a_fresh_process(lang, said, tmp_path) -> None:
    """`lignum calc sale hardwood@dry2` printed the raw key 'sale_price-unmilled_cannot_be_sold {'kind': 'H'}':
    nothing had registered the renderer of the engine's refusals in a process that reads no game."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "LIGNUM_GAMES_DIR": str(tmp_path), "LIGNUM_LANG": lang}
    r = subprocess.run([sys.executable, "-m", "lignum_companion", "calc", "sale", "hardwood@dry2"],
                       capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 1 and said in r.stderr and "unmilled_cannot" not in r.stderr, r.stderr


def test_korean_texts_name_the_woods_as_the_korean_rules_do() -> None:
    """The expansion texts said 연목/경목 where every other text (and the Korean rules) says 침엽수/활엽수."""
    from pathlib import Path

    folder = Path(texts.TEMPLATES) / "ko"
    found = [p.name for p in folder.rglob("*.toml") if "연목" in p.read_text("utf-8") or "경목" in p.read_text("utf-8")]
    assert not found


def test_the_wizard_says_which_modes_and_variants_exist_in_korean(cli, monkeypatch) -> None:
    """`lignum new --mode xyz` said 'modes are basic, ...' in English inside a Korean sentence (fixed on main too)."""
    out = " ".join(cli("new", "--mode", "xyz", "-p", "a,b", "--lang", "ko").output.split())
    assert "게임 방식은 basic (기본)" in out and "modes are" not in out, out
    out = " ".join(cli("new", "--mode", "basic", "--variant", "zz", "-p", "a,b", "--lang", "ko").output.split())
    assert "변형 규칙은" in out and "variants are" not in out, out
    en = " ".join(cli("new", "--mode", "xyz", "-p", "a,b", "--lang", "en").output.split())
    assert "--mode cannot be used: modes are basic, advanced, expert, planned" in en, en


def test_an_unknown_ruling_reads_with_its_particle_in_korean(cli) -> None:
    out = cli("rules", "R99", "--lang", "ko").output
    assert "R99라는 판정은 없습니다" in out, out


@pytest.mark.parametrize(("lang", "said"), [("ko", "  되돌림: 놓은 대로의 공급 경로"),
                                           ("en", "  taken back: the supply path as laid")])
def test_play_says_what_undo_took_back_in_the_players_language(cli, lang, said) -> None:
    """`undo` in play answered '  undone: anna cut' in Korean too; then the line itself, now its words."""
    from typer.testing import CliRunner

    from lignum_companion.cli.app import app

    new = ["new", "-p", "anna,민준", "--mode", "basic", "--no-variants", "--order", "anna,민준",
           "--areas", "anna=1,민준=5", "--winter", "6/3,7/4", "--lang", lang]
    assert cli(*new).exit_code == 0
    path = "path wagon raft saw food coin stake sledge food X raft X board joker"
    out = CliRunner().invoke(app, ["play", "--lang", lang], input=f"{path}\nundo\nquit\n").output
    assert said in out and ": path wagon" not in out, out[-1500:]  # in words, not the line


WINTER_GAME = [  # played by hand in Korean up to anna's winter cut (1년차 겨울)
    "path stake food saw sledge raft coin wagon wagon saw raft board joker food", "anna go 4 5", "민준 go 10 3",
    "서연 go 3", "anna loan", "anna go 6", "민준 go clearing", "서연 go 20", "anna go clearing", "서연 go clearing",
    "민준 cut 3F", "anna cut F", "서연 cut F", "민준 carry sale:F", "anna carry saw:F", "민준 sell sale:F",
    "path saw stake food board wagon raft food saw joker sledge coin raft wagon", "placement 3:2F+S 4:2food",
    "placement 1:F 5:food", "민준 area 1", "서연 area 2", "anna area 3", "서연 go 10 2", "anna go 11", "민준 go 20",
    "서연 go clearing", "anna go clearing", "민준 go clearing", "서연 cut 2F", "anna cut S", "민준 cut F",
    "서연 carry sale:F", "서연 done", "서연 dry F",
    "path shingle raft raft coin saw reed sledge food food joker saw wagon wagon", "placement 1:2F 2:food",
    "placement 3:F 6:2F", "민준 area 1", "서연 area 2", "anna area 3", "민준 go 5", "anna go 4 3", "서연 go clearing",
    "민준 go clearing", "anna go clearing", "서연 cut F", "민준 cut F", "anna cut F", "anna carry sale:F+S",
    "서연 done", "anna done", "anna dry S", "서연 bonus F", "민준 bonus F", "anna bonus F", "서연 cut", "민준 cut",
]


# 서연's heating follows her feeding at once (R24: her own pace, no choice to make): feeding and heating debt
@pytest.mark.parametrize(("lang", "debt"), [("ko", "빚 $0 → $6"), ("en", "debt $0 → $6")])
def test_play_reports_a_new_winter_debt_in_dollars(cli, tmp_path, lang, debt) -> None:
    """What an action changed showed the debt as '빚 0 -> 4' beside '$6 -> $0'."""
    from typer.testing import CliRunner

    from lignum_companion.cli.app import app

    new = ["new", "-p", "민준,서연,anna", "--mode", "basic", "--no-variants", "--order", "anna,민준,서연",
           "--areas", "민준=6,서연=2,anna=1", "--winter", "6/3,7/4", "--lang", lang, "-f", "w.lignum"]
    new[-1] = str(tmp_path / "w.lignum")
    assert cli(*new).exit_code == 0
    done = cli("do", new[-1], *WINTER_GAME)
    assert done.exit_code == 0, done.output
    out = " ".join(CliRunner().invoke(app, ["play", new[-1]], input="1\n1\nquit\n").output.split())
    assert debt in out, out[-2000:]


@pytest.mark.parametrize(("lang", "said"), [
    ("ko", "목재더미의 장작 1개 (F); 목공소의 장작 1개 (F)"),
    ("en", ": 1 firewood (F) in the woodpile; 1 firewood (F) in the sawing area")])  # words first, the notation beside
def test_the_projected_score_names_unsold_wood_in_the_shown_words(cli, tmp_path, lang, said) -> None:
    """`score --projected` listed what stays unsold as 'woodpile 3F, sawing area F' in Korean too."""
    new = ["new", "-p", "민준,서연,anna", "--mode", "basic", "--no-variants", "--order", "anna,민준,서연",
           "--areas", "민준=6,서연=2,anna=1", "--winter", "6/3,7/4", "-f", str(tmp_path / "w.lignum")]
    assert cli(*new).exit_code == 0 and cli("do", new[-1], *WINTER_GAME).exit_code == 0
    out = cli("score", "--projected", new[-1], "--lang", lang).output
    assert said in out, out


def test_the_rules_lookup_lists_the_other_topics_under_one_korean_heading(cli) -> None:
    """`lignum rules ...` headed the other matches '이것도 맞습니다:' ('this also fits'); play says 관련 주제."""
    out = cli("rules", "겨울에", "음식이", "모자라면", "--lang", "ko").output
    assert "\n관련 주제:\n  lignum rules " in out and "이것도" not in out, out


def test_a_planned_work_entry_names_the_token_pair_by_its_number() -> None:
    """The expert menu said '1 토큰 쌍으로 ...' (one token pair?) for pair number 1."""
    from lignum_companion.table.common import tpl

    try:
        texts.choose("ko")
        assert tpl("note_plan", pair=1, year=1, season="여름", card="교역", cost=0) == "교역: 1년차 여름, 1번 쌍, $0"
    finally:
        texts.choose(None)


def test_a_market_entry_says_pay_not_bet() -> None:
    """'$1 내기' reads as 'a $1 bet'; the market entries say what is paid."""
    from lignum_companion.table.common import tpl

    try:
        texts.choose("ko")
        assert tpl("note_pay", n=1) == "$1 지불"
        texts.choose("en")
        assert tpl("note_pay", n=1) == "pay $1"
    finally:
        texts.choose(None)


EXPERT_SPRING = ["path wagon raft saw food coin stake sledge food X raft X board joker", "task 15 mH@1+mF@1",
                 "task 9 F@1", "지우 go 8 trade 1", "민준 go 13 T1", "지우 go 10 2", "민준 go clearing",
                 "지우 go clearing", "민준 cut F", "지우 cut 3F"]


def _expert_spring(cli, tmp_path) -> str:
    """An expert game after its first spring (지우 planned trade for the summer); returns the file."""
    new = ["new", "-p", "지우,민준", "--mode", "expert", "--no-variants", "--order", "지우,민준", "--areas",
           "지우=1,민준=5", "--winter", "6/3,7/4", "--cards", "trade,drying,overtime,hut-construction",
           "-f", str(tmp_path / "x.lignum")]
    assert cli(*new).exit_code == 0 and cli("do", new[-1], *EXPERT_SPRING).exit_code == 0
    return new[-1]


@pytest.mark.parametrize(("lang", "said"), [("ko", "지우의 작업 계획 교역이 이번 여름에 작동합니다 (R20)"),
                                            ("en", "지우's planned work Trade works this summer (R20)")])
def test_a_plan_that_works_this_season_is_named_in_the_shown_words(cli, tmp_path, lang, said) -> None:
    """`next` said '지우의 작업 계획 trade이(가) 이번 여름에 작동합니다': the card by its code alone."""
    out = " ".join(cli("next", _expert_spring(cli, tmp_path), "--lang", lang).output.split())
    assert said in out, out


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_planned_work_list_keeps_its_season_column_and_the_summary_names_the_cards(cli, tmp_path, lang):
    """The wizard's card list lost its column after '식량 공급(food-supply)', and the summary listed the cards
    by code alone (trade, craftwork, ...) in Korean."""
    new = ["new", "-p", "가,나", "--mode", "expert", "--no-variants", "--order", "가,나", "--areas", "가=1,나=2",
           "--winter", "6/3,7/4", "--name", "t", "--colors", "가=red,나=blue", "--expansion", "none",
           "--warnings", "on", "-f", str(tmp_path / "x.lignum"), "--lang", lang]
    from typer.testing import CliRunner

    from lignum_companion.cli.app import app

    out = CliRunner().invoke(app, new, input="1 2 3 4\ny\n").output
    rows = [line for line in out.splitlines() if re.match(r"^ +\d{1,2}  \S", line)]
    assert len(rows) == 10, out
    seasons = {texts.display_width(row[: row.rindex("  ")]) for row in rows}
    assert len(seasons) == 1, rows  # every season starts in the same column
    names = "교역, 공예" if lang == "ko" else "Trade, Craftwork, Sawing"
    assert names in out and "(trade)" not in out, out  # the name once, no code after it


def test_an_unknown_planned_work_card_is_refused_with_the_cards_in_korean_words() -> None:
    from lignum_companion.engine import NotationError
    from lignum_companion.table.wizard import check_cards

    try:
        texts.choose("ko")
        with pytest.raises(NotationError) as err:
            check_cards(["zz", "trade", "drying", "sawing"], 4)
        assert "교역, 공예" in str(err.value), str(err.value)
        texts.choose("en")
        with pytest.raises(NotationError) as err:
            check_cards(["zz", "trade", "drying", "sawing"], 4)
        assert "Trade, Craftwork, Sawing" in str(err.value), str(err.value)
    finally:
        texts.choose(None)


@pytest.mark.parametrize(("lang", "said"), [
    ("ko", "작업 계획 카드: 교역 토큰 1개, 건조 토큰 0개"),  # names read, not typed: no codes (issue 32)
    ("en", "planned work cards: Trade (1 token), Drying (0 tokens)")])
def test_show_names_the_planned_work_cards_and_counts_their_tokens(cli, tmp_path, lang, said) -> None:
    """`show` listed 'trade (토큰 1개)' by code in Korean, and '1 tokens' in English; the cards by name alone
    (issue 32 §3: no code such as `공급(heating-supply)` in `show`)."""
    out = cli("show", _expert_spring(cli, tmp_path), "--lang", lang).output
    assert said in out, out


@pytest.mark.parametrize("lang, typed", [
    ("ko", "식량 공급, 난방-공급 오두막건설 교역"),
    ("ko", "식량 공급(food-supply) 난방 공급 오두막 건설 교역(trade)"),
    ("en", "food supply, Heating-Supply hut construction trade"),
])
def test_the_wizard_reads_card_names_of_several_words_in_each_language(cli, tmp_path, lang, typed):
    """R20: '식량 공급' and '식량-공급' were refused as unknown cards (only numbers worked); the card question
    reads each language's card names, several words included, as does --cards."""
    new = ["new", "-p", "가,나", "--mode", "expert", "--no-variants", "--order", "가,나", "--areas", "가=1,나=2",
           "--winter", "6/3,7/4", "--name", "t", "--colors", "가=red,나=blue", "--expansion", "none",
           "--warnings", "on", "--lang", lang]
    from typer.testing import CliRunner

    from lignum_companion.cli.app import app

    path = tmp_path / "x.lignum"
    out = CliRunner().invoke(app, [*new, "-f", str(path)], input=f"{typed}\ny\n").output
    assert "cards food-supply heating-supply hut-construction trade" in path.read_text(encoding="utf-8"), out
    path2 = tmp_path / "y.lignum"
    out = CliRunner().invoke(app, [*new, "-f", str(path2), "--cards", typed], input="y\n").output
    assert "cards food-supply heating-supply hut-construction trade" in path2.read_text(encoding="utf-8"), out
