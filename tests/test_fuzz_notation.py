"""Fuzzing with hypothesis: any text given to the notation parser or the game-file reader fails only with the
documented errors (NotationError, GameFileError, IllegalAction: all LignumError), never with another exception.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lignum_companion.dev.simulate import play_game
from lignum_companion.engine import GameFileError, LignumError, NotationError, apply, parse
from lignum_companion.engine import data as D
from lignum_companion.engine.actions import FIX_FIELDS, PLAYER_VERBS, TABLE_VERBS
from lignum_companion.engine.legal import candidates
from lignum_companion.gamefile import store as gamefile

FUZZ = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Words the notation knows, and near misses: tokens that get past the first checks and reach deeper code.
VOCAB = (
    list(TABLE_VERBS) + list(PLAYER_VERBS) + list(FIX_FIELDS) + list(D.PATH_TOKENS) + list(D.PLANNED_WORK)
    + list(D.HUT_AREAS) + list(D.PIECES) + ["anna", "ben", "Anna", "clearing", "c", "X", "x", "+1", "-1", "+0",
                                            "T1", "T2", "t9", "hut:1", "hut:0", "store:3", "store:0", "using:stake"]
    + [f"{a}:{b}" for a in ("saw", "sale", "store", "dry1", "dry2", "dry3", "buy", "sell", "trade", "1", "6")
       for b in ("F", "2F+S", "mF", "2mF+mS", "H", "saw", "2saw+food", "stake+joker", "0F", "F+", "")]
    + ["0", "1", "2", "3", "4", "8", "10", "13", "16", "19", "20", "21", "99", "-3", "007", "1e3", "１", "٣", "²",
       "³F", "2²F", "F@²", "mH@1", "2mF@0+S@2", "F@3", "F@", "@", "+", "++", ":", "::", "a:b:c", "2F+mS", "0F",
       "2", "#", "\t", "ｆ", "ß", "İ", "\u00a0", "\u200b", "🙂"]
)
ODD_NUMBERS = ["", "0", "1", "2", "3", "12", "-1", "+2", "²", "٣", "１", "1_0", " 4", "99999999999999999999"]
KEYS = ["saw", "sale", "store", "dry1", "dry2", "dry3", "buy", "sell", "trade", "hut", "using", "woodpile", "1", "6"]
ITEMS = list(D.PIECES) + ["saw", "food", "stake", "joker", "reed", "board", "wagon", "raft", "sledge", "x", ""]
count_item = st.builds(lambda n, item, stage: n + item + stage, st.sampled_from(ODD_NUMBERS), st.sampled_from(ITEMS),
                       st.sampled_from(["", "", "@0", "@1", "@2", "@3", "@²", "@", "@-1"]))
bag = st.lists(count_item, min_size=1, max_size=3).map("+".join)
key_value = st.builds(lambda k, v: f"{k}:{v}", st.sampled_from(KEYS), st.one_of(bag, st.sampled_from(ODD_NUMBERS)))
word = st.one_of(st.sampled_from(VOCAB), st.text(min_size=1, max_size=6), st.sampled_from(ODD_NUMBERS), bag, key_value)
line = st.lists(word, min_size=0, max_size=9).map(" ".join)


def only_documented_errors(fn, *args):
    """Run fn; the only exceptions allowed are the engine's own errors."""
    try:
        return fn(*args)
    except LignumError:
        return None


@FUZZ
@given(st.text(max_size=80))
def test_parse_arbitrary_text(text):
    try:
        action = parse(text)
    except NotationError:
        return
    assert action.text.strip() == action.text and action.text


@FUZZ
@given(line)
def test_parse_notation_like_words(text):
    try:
        action = parse(text)
    except NotationError:
        return
    again = parse(action.text)  # the canonical text reads back to itself
    assert again.text == action.text
    assert again.verb == action.verb and again.player == action.player


arg = st.one_of(bag, st.sampled_from(ODD_NUMBERS), key_value, st.sampled_from(VOCAB))
verb_line = st.one_of(
    st.builds(lambda verb, rest: " ".join([verb] + rest), st.sampled_from(TABLE_VERBS), st.lists(arg, max_size=4)),
    st.builds(lambda who, verb, rest: " ".join([who, verb] + rest), st.sampled_from(["anna", "Ben", "cleo"]),
              st.sampled_from(PLAYER_VERBS), st.lists(arg, max_size=4)),
)


@settings(max_examples=1500, deadline=None)
@given(verb_line)
def test_parse_every_verb_with_odd_arguments(text):
    try:
        action = parse(text)
    except NotationError:
        return
    assert parse(action.text).text == action.text


# --- many parts (issue 33 item 5): what the parser accepts, the writer writes back and the parser reads again -----

many_parts_item = st.builds(lambda n, item, stage: n + item + stage,
                            st.sampled_from(["", "", "", "2", "5", "12", "13", "99"]),
                            st.sampled_from(["F", "S", "H", "mF", "mS", "mH", "food", "saw", "stake", "joker"]),
                            st.sampled_from(["", "", "@0", "@1", "@2"]))
many_parts = st.one_of(
    st.builds(lambda item, n: "+".join([item] * n), many_parts_item, st.integers(1, 120)),  # `S@0+S@0+...`
    st.lists(many_parts_item, min_size=1, max_size=40).map("+".join),
)
EMPTY_FILE = gamefile.parse_text("lignum-game 1\nplayers anna ben\nmode advanced\nvariants none\n"
                                  "order anna ben\nareas anna=1 ben=5\nwinter 4/2 5/3\nstart\n")
many_part_line = st.one_of(
    st.builds(lambda v, b: f"task {v} {b}", st.sampled_from(["0", "9", "12", "99"]), many_parts),
    st.builds(lambda areas: "placement " + " ".join(areas),
              st.lists(st.builds(lambda a, b: f"{a}:{b}", st.sampled_from("123456"), many_parts), min_size=1,
                       max_size=8)),
    st.builds(lambda who, verb, kv: f"{who} {verb} {' '.join(kv)}", st.sampled_from(["anna", "ben"]),
              st.sampled_from(["sell", "fill", "furnish", "feed", "heat", "saw", "carry", "receive", "dry", "float",
                               "raft", "wagon", "sledge", "cut", "go"]),
              st.lists(st.one_of(many_parts, st.builds(lambda k, b: f"{k}:{b}",
                                                       st.sampled_from(["saw", "sale", "store", "dry1", "dry2",
                                                                        "dry3", "buy", "sell", "trade"]),
                                                       many_parts), st.sampled_from(["13", "19", "1", "hut:1"])),
                       min_size=1, max_size=4)),
)


@settings(max_examples=600, deadline=None)
@given(st.one_of(many_part_line, many_part_line, verb_line,
                 st.text(max_size=40).map(lambda t: "fix anna money +1 " + t)))  # a correction's reason: free text
def test_every_accepted_line_written_and_read_back_is_the_same_line(text):
    """No line is ever accepted that the reader would refuse: `task 12 S@0+...` with 13 parts was accepted and
    saved as `task 12 13S@0`, which every later command refused (a count is 1-12), and a card of 700,001 parts
    was accepted whole. The line a game file keeps is the canonical text, so it must read back to itself."""
    try:
        action = parse(text)
    except NotationError:
        return
    again = parse(action.text)
    assert again.text == action.text
    assert (again.player, again.verb, again.args) == (action.player, action.verb, action.args)
    saved = gamefile.render(gamefile.append(EMPTY_FILE, [action.text]))  # and as a game file keeps it
    assert gamefile.parse_text(saved).action_texts() == [action.text]


@pytest.mark.parametrize("text", [
    "task 12 " + "+".join(["S@0"] * 13),  # saved as `13S@0`: refused by every reader afterwards
    "task 12 " + "+".join(["S@0"] * 700_001),  # accepted whole: `show --json` 8 s, 430 MB
    "task 9 " + "+".join(["5mF@1", "5mF@1", "3mF@1"]),
    "anna sell sale:" + "+".join(["F"] * 100),  # saved as `100F`: a count is at most 99
    "placement 1:" + "+".join(["F"] * 7),
])
def test_a_card_or_a_bag_over_its_total_is_refused_however_it_is_split(text):
    with pytest.raises(NotationError):
        parse(text)
    assert parse("task 12 " + "+".join(["S@0"] * 12)).text == "task 12 12S@0"  # the most a card asks, still read


# --- actions on real game states -------------------------------------------------------------------------------

def _states():
    """A handful of mid-game states of different modes, reached by seeded random play."""
    out = []
    for seed, (n, mode, variants) in enumerate([(2, "basic", ()), (3, "expert", ("tactical",)), (4, "advanced", ()),
                                                (2, "planned", ())]):
        full = play_game(seed, n, mode, variants, check="none")
        for cut in (len(full.log) // 5, len(full.log) // 2, len(full.log) - 3):
            gf = gamefile.append(gamefile.new_file(full.setup), full.log[:cut])
            out.append(gamefile.render(gf))
    return out


STATE_FILES = _states()


plain_bag = st.lists(st.builds(lambda n, p: n + p, st.sampled_from(["", "2", "3"]), st.sampled_from(D.PIECES)),
                     min_size=1, max_size=2).map("+".join)
near = st.one_of(
    st.sampled_from([str(n) for n in range(0, 22)] + ["clearing", "+1", "T1", "T2", "T3", "hut:1", "hut:2"]),
    plain_bag,
    st.builds(lambda k, v: f"{k}:{v}", st.sampled_from(["saw", "sale", "store", "dry1", "dry2", "dry3"]), plain_bag),
    st.builds(lambda k, v: f"{k}:{v}", st.sampled_from(["buy", "sell", "trade"]),
              st.sampled_from(["saw", "food", "2food", "2stake", "stake+joker", "wagon", "raft", "3board"])),
    st.sampled_from(list(D.PLANNED_WORK) + list(D.HUT_AREAS) + ["drying+food+accom", "2accom"]),
    arg,
)


def _apply_checked(g, text):
    try:
        action = parse(text)
    except NotationError:
        return "unread"
    before = g.to_dict()
    try:
        apply(g, action)
    except LignumError:
        assert g.to_dict() == before  # a refusal leaves the state untouched
        return "refused"
    return "applied"


@settings(max_examples=800, deadline=None)
@given(st.data())
def test_legal_actions_with_a_word_changed_are_accepted_or_refused(data):
    """Start from an action the engine offers now, change one or two words: deep in the handlers, never a crash."""
    g = gamefile.replay(gamefile.parse_text(data.draw(st.sampled_from(STATE_FILES))))
    options = [a.text for a in candidates(g)] or ["placement 1:F", "task 9 mF@1+S@0"]
    words = data.draw(st.sampled_from(options)).split()
    for _ in range(data.draw(st.integers(1, 2))):
        first = 1 if words[0] in TABLE_VERBS else 2  # keep who and what; change the arguments
        k = data.draw(st.integers(min(first, len(words)), len(words)))
        change = data.draw(st.sampled_from(["replace", "replace", "insert", "drop"]))
        if change == "drop" and k < len(words):
            del words[k]
        elif change == "insert" or k == len(words):
            words.insert(k, data.draw(near))
        else:
            words[k] = data.draw(_like(words[k]))
    _apply_checked(g, " ".join(words))


def _like(word):
    """A replacement of the same shape most of the time (key:value keeps its key, a number stays a number)."""
    key, sep, _ = word.partition(":")
    if sep:
        same = st.builds(lambda v: f"{key}:{v}", st.one_of(plain_bag, st.sampled_from(ODD_NUMBERS + ["2", "3"])))
    elif word.lstrip("+-").isdecimal():
        same = st.sampled_from([str(n) for n in range(-1, 25)] + ODD_NUMBERS)
    else:
        same = plain_bag
    return st.one_of(same, same, same, near)


# --- the game file -----------------------------------------------------------------------------------------------

HEADER = STATE_FILES[1].split("start\n")[0] + "start\n"


@FUZZ
@given(st.text(max_size=300))
def test_game_file_reader_on_arbitrary_text(text):
    try:
        gf = gamefile.parse_text(text)
    except GameFileError as e:
        assert str(e).startswith("line ") or e.line == 0
        return
    only_documented_errors(gamefile.replay, gf)


@FUZZ
@given(st.lists(st.one_of(line, st.sampled_from(["#", "# note", "", "start", "mode basic"])), max_size=8))
def test_game_file_with_a_valid_header_and_odd_lines(lines):
    text = HEADER + "\n".join(lines) + "\n"
    try:
        gamefile.replay(gamefile.parse_text(text))
    except GameFileError as e:
        assert str(e).startswith("line ")
        assert e.line > HEADER.count("\n")  # the header is fine; the error is in an action line


@FUZZ
@given(st.data())
def test_game_file_header_mutations(data):
    lines = HEADER.splitlines()
    k = data.draw(st.integers(0, len(lines) - 1))
    lines[k] = data.draw(st.one_of(line, st.text(max_size=30)))
    text = "\n".join(lines) + "\n" + "\n".join(STATE_FILES[1].split("start\n")[1].splitlines()[:20]) + "\n"
    try:
        gamefile.replay(gamefile.parse_text(text))
    except GameFileError as e:
        assert str(e).startswith("line ") or e.line == 0


@FUZZ
@given(st.data())
def test_game_file_header_values(data):
    """Keep each header key, give it an odd value: numbers in other scripts, huge numbers, bad separators."""
    lines = HEADER.splitlines() + []
    keyed = [i for i, text in enumerate(lines) if text and not text.startswith("#") and text != "start"]
    k = data.draw(st.sampled_from(keyed))
    key = lines[k].split(" ")[0]
    odd = st.lists(st.one_of(st.sampled_from(ODD_NUMBERS), arg,
                             st.builds(lambda a, sep, b: a + sep + b, st.sampled_from(ODD_NUMBERS + ["anna", "ben"]),
                                       st.sampled_from(["=", "/", ""]), st.sampled_from(ODD_NUMBERS))),
                   max_size=3).map(" ".join)
    lines[k] = f"{key} {data.draw(odd)}"
    if data.draw(st.booleans()):
        lines.insert(len(lines) - 1, f"money {data.draw(st.sampled_from(ODD_NUMBERS))}")
    try:
        gamefile.replay(gamefile.parse_text("\n".join(lines) + "\n"))
    except GameFileError as e:
        assert str(e).startswith("line ") or e.line == 0


@FUZZ
@given(st.binary(max_size=200))
def test_game_file_from_arbitrary_bytes(tmp_path_factory, raw):
    """Any bytes either read as a game that replays to the same state again, or are refused with one line
    (`line N: ...`, or a whole-file reason) as a GameFileError, never another exception; the file is untouched."""
    path = tmp_path_factory.getbasetemp() / "fuzz.lignum"
    path.write_bytes(raw)
    try:
        gf, g = gamefile.load(path)
    except GameFileError as e:
        message = str(e)
        assert message and "\n" not in message and "Traceback" not in message
        assert message.startswith(f"line {e.line}:") if e.line else not message.startswith("line 0")
    else:
        assert gamefile.replay(gamefile.parse_text(gamefile.render(gf))).to_dict() == g.to_dict()
    assert path.read_bytes() == raw
