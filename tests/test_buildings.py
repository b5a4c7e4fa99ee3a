"""R23 (amended): building tiles' texts read into a moment and a gain, in English and Korean, applied by the program
at their moment as the building's own ledger entry, once; unreadable texts stay reminders at the moment they name;
a correction named after a tile in an older file stands in for the automatic effect (never both)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from helpers import forward, play, player, refused, start
from typer.testing import CliRunner

from lignum_companion.cli.app import app
from lignum_companion.engine import buildings as B
from lignum_companion.engine import data, score
from lignum_companion.engine.ledger import Kind, kind_of
from lignum_companion.gamefile import store as gamefile

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
runner = CliRunner()


def gains(text: str) -> list[tuple[str, int, str]]:
    return [(g.kind, g.n, g.area) for g in B.read_text(text).gains]


# --- reading: each moment --------------------------------------------------------------------------------------

MOMENTS = [
    ("when taken: 2 saws from the supply", ("taken",)),
    ("$2 when taken", ("taken",)),
    ("+$2 at the start of each fall round", ("fall",)),
    ("+1 food at the start of each winter round", ("winter",)),
    ("+$1 at the start of every round", ("round",)),
    ("2 dollars at the start of every spring and summer round", ("spring", "summer")),
    ("+$5 at the final scoring", ("final",)),
    ("$3 at the end of the game", ("final",)),
    ("가져올 때 공급처에서 톱 2개", ("taken",)),
    ("가을 라운드 시작 시 $2", ("fall",)),
    ("매 겨울 라운드 시작 때 음식 1개", ("winter",)),
    ("봄 라운드마다 2달러", ("spring",)),
    ("모든 라운드 시작 시 $1", ("round",)),
    ("최종 점수 계산 때 $5", ("final",)),
]


@pytest.mark.parametrize(("text", "moments"), MOMENTS)
def test_R23_each_moment_is_read_in_both_languages(text: str, moments: tuple[str, ...]) -> None:
    r = B.read_text(text)
    assert r.automatic and r.moments == moments


# --- reading: each gain ----------------------------------------------------------------------------------------

GAINS = [
    ("+$2 when taken", [("money", 2, "")]),
    ("when taken, 3 dollars", [("money", 3, "")]),
    ("+1 food each winter round", [("food", 1, "")]),
    ("when taken: 2 saws from the supply", [("saw", 2, "")]),
    ("when taken: a raft and a wagon", [("raft", 1, ""), ("wagon", 1, "")]),
    ("when taken one sledge", [("sledge", 1, "")]),
    ("fodder at the start of each summer round", [("fodder", 1, "")]),
    ("when taken 1 milled softwood from the supply into the firewood storage", [("mS", 1, "store")]),
    ("each round: 1 firewood onto the woodpile", [("F", 1, "woodpile")]),
    ("when taken: 2 milled hardwood into the second drying area", [("mH", 2, "dry2")]),
    ("가져올 때 가공된 침엽수 1개를 공급처에서 장작 창고로", [("mS", 1, "store")]),
    ("가져올 때 뗏목 1개와 수레 1개", [("raft", 1, ""), ("wagon", 1, "")]),
    ("겨울마다 음식 +1", [("food", 1, "")]),
    ("가져올 때 썰매", [("sledge", 1, "")]),
    ("가져올 때 사료", [("fodder", 1, "")]),
    ("가져올 때 활엽수 1개를 목공소에", [("H", 1, "saw")]),
]


@pytest.mark.parametrize(("text", "want"), GAINS)
def test_R23_each_gain_is_read_in_both_languages(text: str, want: list[tuple[str, int, str]]) -> None:
    assert gains(text) == want


def test_R23_punctuation_case_and_spacing_do_not_matter() -> None:
    for text in ("When taken: 2 saws.", "when taken 2 saws", "WHEN TAKEN - 2 SAWS!", "  when   taken,2 saws "):
        assert gains(text) == [("saw", 2, "")]


# --- reading: what stays a reminder, at the moment its text names ------------------------------------------------

REMINDERS = [
    ("+$1 whenever the owner sells softwood", "selling"),
    ("one food less in each winter", "feeding"),
    ("keeps 2 food after winter", "feeding"),
    ("moves one piece one drying area on", "drying"),
    ("may look at the next placement card", "placement"),
    ("one more wood at transport", "transport"),
    ("one extra woodcutter in woodcutting", "cutting"),
    ("+$2 for each carpenter at the final scoring", "final"),
    ("fodder for free once a round", "round"),
    ("a worker stays", ""),
    ("when taken 2 softwood", "taken"),  # wood with no area named: the program does not guess where
    ("when taken 2 milled softwood into the woodpile", "taken"),  # milled wood never lies on the woodpile
    ("when taken -$2", "taken"),  # a loss is not a gain
    ("when taken +1 food at the final scoring", "taken"),  # two moments
    ("+1 food at the final scoring", "final"),  # only dollars mean something at the end
    ("판매할 때마다 $1", "selling"),
    ("겨울에 음식 하나 덜", "feeding"),
]


@pytest.mark.parametrize(("text", "moment"), REMINDERS)
def test_R23_an_unreadable_text_stays_a_reminder_with_the_moment_it_names(text: str, moment: str) -> None:
    r = B.read_text(text)
    assert not r.automatic and r.gains == () and r.remind == moment


def test_R23_the_table_may_correct_a_reading_or_keep_a_tile_for_itself() -> None:
    tile = B.Building("granary", "one food in every cold season", "+1 food each winter round")
    assert B.reading_of(tile).moments == ("winter",)
    kept = B.Building("tavern", "$2 when taken", "none")
    assert not B.reading_of(kept).automatic and B.reading_of(kept).remind == "taken"


# --- applying ----------------------------------------------------------------------------------------------------

TILES = [["tavern", "$2 when taken"], ["forge", "when taken: 2 saws from the supply"],
         ["granary", "+1 food at the start of each winter round"],
         ["market hall", "+$2 at the start of each fall round"], ["chapel", "+$5 at the final scoring"],
         ["charcoal kiln", "when taken 1 milled softwood into the firewood storage"]]


def tiled(n: int = 2):
    script = start(n, expansion="joinery")
    script.setup.buildings = [list(t) for t in TILES]
    g = script.game()
    lines = list(script.lines)
    forward(g, lines, step="travel", round=1, who="anna")
    return g, lines


def building_entries(p) -> list[tuple[int, str, int]]:
    return [(e.round, e.reason, e.amount) for e in p.ledger if kind_of(e.reason) == Kind.BUILDINGS]


def test_R23_a_gain_when_taken_is_the_buildings_own_entry_once() -> None:
    g, lines = tiled()
    play(g, lines, "anna go 12 tavern")
    anna = player(g, "anna")
    assert anna.money == 7 and building_entries(anna) == [(1, "building tavern", 2)]
    assert g.building_effects == [{"round": 1, "player": 0, "tile": "tavern", "moment": "taken",
                                   "gains": [["money", 2, ""]], "stood_in": False}]
    forward(g, lines, step="travel", round=2, who="anna")
    assert building_entries(player(g, "anna")) == [(1, "building tavern", 2)]  # never again


def test_R23_tokens_within_the_saw_limit_and_wood_into_the_named_area() -> None:
    g, lines = tiled()
    play(g, lines, "fix anna saw +3 three saws bought earlier", "anna go 12 forge")
    assert player(g, "anna").equipment["saw"] == data.MAX_SAWS  # 2 from the supply, the fourth saw only (R17)
    assert g.building_effects[-1]["gains"] == [["saw", 1, ""]]
    play(g, lines, "ben go 13")
    g2, lines2 = tiled()
    play(g2, lines2, "anna go 12 charcoal kiln")  # a name of two words
    assert [b.name for b in player(g2, "anna").buildings] == ["charcoal kiln"]
    assert player(g2, "anna").wood["store"] == {"mS": 1}


def test_R23_a_gain_at_the_start_of_the_rounds_of_a_season() -> None:
    g, lines = tiled()
    play(g, lines, "anna go 12 market hall")
    forward(g, lines, step="travel", round=3, who="anna")  # fall
    assert building_entries(player(g, "anna")) == [(3, "building market hall", 2)]
    g2, lines2 = tiled()
    play(g2, lines2, "anna go 12 granary")
    forward(g2, lines2, step="bonus", round=4)
    assert [r["gains"] for r in g2.building_effects] == [[["food", 1, ""]]]
    assert g2.building_effects[0]["round"] == 4


def test_R23_a_correction_named_after_a_tile_stands_in_for_its_effect() -> None:
    g, lines = tiled()
    play(g, lines, "anna go 12 tavern", "fix anna money +2 tavern pays $2 when taken")
    anna = player(g, "anna")
    assert anna.money == 7  # never both
    assert building_entries(anna) == [(1, "building tavern: pays $2 when taken", 2)]
    assert g.building_effects[0]["stood_in"] is True
    play(g, lines, "fix anna money +1 tavern a second correction")  # nothing left to stand in for: counted
    assert player(g, "anna").money == 8


def test_R23_the_final_scoring_dollars_are_counted_and_a_late_correction_stands_in() -> None:
    g, lines = tiled()
    play(g, lines, "anna go 12 chapel")
    forward(g, lines, step="over")
    row = next(r for r in score(g)["players"] if r["name"] == "anna")
    assert row["building_dollars"] == 5
    assert row["building_rows"] == [{"tile": "chapel", "money": 0, "final": 5}]
    before = row["total"]
    play(g, lines, "fix anna money +5 chapel at the end")  # how an older file booked it, after the game
    row = next(r for r in score(g)["players"] if r["name"] == "anna")
    assert row["total"] == before and row["building_dollars"] == 0 and row["corrections"] == []


def test_R23_the_reading_is_replayed_the_same(tmp_path: Path) -> None:
    g, lines = tiled()
    play(g, lines, "anna go 12 forge", "ben go 13")
    forward(g, lines, step="travel", round=3, who="anna")
    script = start(2, expansion="joinery")
    script.setup.buildings = [list(t) for t in TILES]
    script.lines = lines
    path = script.write(tmp_path / "g.lignum")
    again = gamefile.load(path)[1]
    assert again.building_effects == g.building_effects and again.to_dict() == g.to_dict()


def test_R23_a_take_of_two_tiles_is_still_refused_and_names_of_several_words_are_one_tile() -> None:
    g, lines = tiled()
    refused(g, "anna go 12 tavern forge", "R23")
    refused(g, "anna go 12 charcoal", "R23")
    play(g, lines, "anna go 12 Charcoal  Kiln")
    assert player(g, "anna").buildings[0].name == "charcoal kiln"


def test_R23_readings_round_trip_in_the_header(tmp_path: Path) -> None:
    script = start(2, expansion="joinery")
    script.setup.buildings = [list(t) for t in TILES]
    script.setup.buildings[2].append("none")
    script.setup.buildings[3].append("+$3 at the start of each fall round")
    text = script.text()
    assert "readings granary=none|market hall=+$3 at the start of each fall round" in text
    back = gamefile.parse_text(text).setup
    assert back.buildings[2] == ["granary", TILES[2][1], "none"] and len(back.buildings[0]) == 2


# --- files written before: the examples, with every building correction removed and as written ------------------

FINAL_RE = re.compile(r"^#\s*final:\s*(\S+)\s+\$(-?\d+)")


def hand_finals(name: str) -> dict[str, int]:
    out = {}
    for line in (EXAMPLES / name).read_text(encoding="utf-8").splitlines():
        m = FINAL_RE.match(line.strip())
        if m:
            out[m.group(1)] = int(m.group(2))
    return out


def totals(path: Path) -> dict[str, int]:
    result = runner.invoke(app, ["score", str(path), "--json"])
    assert result.exit_code == 0, result.output
    return {r["name"]: r["total"] for r in json.loads(result.stdout)["players"]}


def without_building_corrections(text: str) -> tuple[str, int]:
    """The file with every `fix` line named after one of its tiles removed (the program applies the effects)."""
    setup = gamefile.parse_text(text).setup
    tiles = [B.Building(t[0], t[1]) for t in setup.buildings]
    kept, removed = [], 0
    for line in text.splitlines():
        words = line.split()
        if words[:1] == ["fix"] and len(words) > 4 and B.named_in(tiles, " ".join(words[4:]))[0] is not None:
            removed += 1
            continue
        kept.append(line)
    return "\n".join(kept) + "\n", removed


@pytest.mark.parametrize("name", ["joinery-basic-2p.lignum", "joinery-expert-3p.lignum"])
def test_R23_expansion_games_replay_to_their_finals_with_building_corrections_removed_and_as_written(
        name: str, tmp_path: Path) -> None:
    text = (EXAMPLES / name).read_text(encoding="utf-8")
    bare, removed = without_building_corrections(text)
    assert removed >= 1  # each example booked its tavern as a correction
    (tmp_path / "bare.lignum").write_text(bare, encoding="utf-8")
    (tmp_path / "as-written.lignum").write_text(text, encoding="utf-8")
    assert totals(tmp_path / "bare.lignum") == hand_finals(name) == totals(tmp_path / "as-written.lignum")


def test_R23_an_older_file_with_every_kind_of_effect_booked_by_hand_replays_the_same(tmp_path: Path) -> None:
    """The 2-player example with its tiles' texts made readable: corrections at each moment (as an older file
    booked them) and no corrections (the program applies them) give the same totals."""
    text = (EXAMPLES / "joinery-basic-2p.lignum").read_text(encoding="utf-8")
    text = text.replace("tavern:$2 when taken", "tavern:+$1 at the start of each round")
    bare, _ = without_building_corrections(text)
    lines = bare.splitlines()
    booked = []
    rnd = 0
    took = False
    for line in lines:
        booked.append(line)
        if line.startswith("ben go 12 tavern"):
            took = True
        if line.startswith("path ") and took:
            booked.append("fix ben money +1 tavern its round's dollar")  # after the round began
        if line.startswith("# ===== Round 8"):
            rnd = 8
        if rnd == 8 and line.startswith("ben bonus"):
            booked.append("fix ben money +1 tavern its round's dollar")
            rnd = 0
    (tmp_path / "auto.lignum").write_text(bare, encoding="utf-8")
    (tmp_path / "booked.lignum").write_text("\n".join(booked) + "\n", encoding="utf-8")
    auto, by_hand = totals(tmp_path / "auto.lignum"), totals(tmp_path / "booked.lignum")
    finals = hand_finals("joinery-basic-2p.lignum")
    assert auto == by_hand == finals  # the $2 when taken become $1 in each of rounds 7 and 8
