"""One word for each thing, no English left, no fallback particle: the glossary over every template and over the
Korean screens of whole scripted games (issue 22).

GLOSSARY.md (the project's shared glossary) lists, for each game concept, the Korean words that must not be shown.
Those that can be told from the text alone are in NOT_WORDS below; the few that depend on what a sentence means
(장작 alone for a milled piece, 목재 alone for an unmilled one) are named in BY_MEANING and read by people. When the
shared glossary sits beside the checkout, a test checks that every one of its "not" words is in one list or the
other. Players may still type the old words: the [aliases] of words.toml are what is read, not what is shown.

The screens are those of a 2-player basic game and a 4-player advanced game, each piped through `lignum play` in
two sittings, with `next`, `show` and `score` after each sitting. On them, besides the glossary: no particle pair
(을(를), 이(가), 은(는) ...), and no ASCII word but the exceptions listed in ASCII_ALLOWED (the notation a player
types, players' names, `$` figures, ruling ids, menu keys, the file). tests/test_menu_words.py runs the same lists
over every example typed into `play`, its menus included, and over both Korean PDFs of each example.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from glossary_helpers import ASCII_ALLOWED, NOT_WORDS, PAIR, VOCABULARY, foreign_words  # noqa: E402, F401
from play_helpers import WHOLE_GAME, run  # noqa: E402

TEMPLATES = Path(__file__).resolve().parents[1] / "templates"
GLOSSARY = Path(__file__).resolve().parents[2] / "shared" / "GLOSSARY.md"

# "Not" words that only the meaning tells apart: 장작 is the firewood kind and wrong only for a milled piece; 목재 is
# wood in general and wrong only where an unmilled piece is meant (원목); heating wood is 난방 목재, never 장작 alone.
BY_MEANING = {"장작", "목재"}


def _not_words_in(text: str) -> list[str]:
    return [word for word, pattern in NOT_WORDS.items() if re.search(pattern, text)]


def _strings(value: object, path: str = "") -> list[tuple[str, str]]:
    """(where, text) of every string of a parsed template, what players type left out ([aliases] of words.toml,
    the search `keywords` of a rules topic and its `questions`, the ways players have asked for it: never shown,
    and kept in the players' words, 조커 and 건조칸 too, so that the lookup learns what players type)."""
    if isinstance(value, str):
        return [(path, value)]
    if isinstance(value, dict):
        return [s for k, v in value.items() if k not in ("aliases", "keywords", "questions")
                for s in _strings(v, f"{path}.{k}".strip("."))]
    if isinstance(value, list):
        return [s for i, v in enumerate(value) for s in _strings(v, f"{path}[{i}]")]
    return []


def _template(rel: str) -> dict:
    import tomllib

    return tomllib.loads((TEMPLATES / rel).read_text(encoding="utf-8"))


KO_FILES = sorted(str(p.relative_to(TEMPLATES)) for p in (TEMPLATES / "ko").rglob("*.toml"))


@pytest.mark.parametrize("rel", KO_FILES)
def test_no_korean_template_shows_a_word_the_glossary_forbids(rel: str) -> None:
    found = [(where, _not_words_in(text)) for where, text in _strings(_template(rel))]
    assert [(where, words) for where, words in found if words] == [], rel


def test_the_check_finds_a_forbidden_word_and_lets_the_accepted_ones_pass() -> None:
    assert _not_words_in("겨울 카드가 땔감 2개를 요구합니다") == ["땔감"]
    assert _not_words_in("가공된 침엽수 (건조 1단계)") == ["건조 1단계"]
    assert _not_words_in("창고의 목재") == [] and _not_words_in("음식 저장고") == []
    assert _not_words_in("저장고에 넣습니다") == ["저장고"]
    assert _not_words_in("숲 속 공터, 장작 창고, 원목 1개 또는 가공된 목재 2개, 난방 목재") == []


@pytest.mark.skipif(not GLOSSARY.exists(), reason="the shared glossary is not beside this checkout")
def test_every_forbidden_word_of_the_shared_glossary_is_checked_or_named() -> None:
    listed: set[str] = set()
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 4 or not re.search(r"[\uac00-\ud7a3]", cells[-1]) or cells[-1].startswith("not"):
            continue
        for word in re.sub(r"\(.*?\)|…", "", cells[-1]).split(","):
            word = word.strip()
            if word and re.search(r"[\uac00-\ud7a3]", word):
                listed.add(word)
    assert listed, "the glossary's not-words were read"
    assert {w for w in listed if w not in BY_MEANING and not _not_words_in(w)} == set()


# --- the screens of whole Korean games -------------------------------------------------------------------------

NEW_2P = ["new", "-p", "anna,ben", "--mode", "basic", "--order", "anna,ben", "--areas", "anna=1,ben=5",
          "--winter", "4/2,5/3"]
NEW_4P = ["new", "-p", "anna,ben,cleo,dan", "--mode", "advanced", "--order", "anna,ben,cleo,dan",
          "--areas", "anna=1,ben=5,cleo=3,dan=6", "--winter", "4/2,5/3"]
GAMES = {"basic-2p": (NEW_2P, WHOLE_GAME, "2"),
         "advanced-4p": (NEW_4P, (Path(__file__).parent / "scripts" / "advanced-4p.txt").read_text(), "3")}
NAMES = {"anna", "ben", "cleo", "dan"}


def screens(game: str, tmp: Path) -> dict[str, str]:
    """Everything the Korean game printed: the whole `play`, and `next`, `show`, `score` at the end and half way
    (a copy of the file holding the first half of its lines: the log is the game)."""
    new, script, seed = GAMES[game]
    path = tmp / f"{game}.lignum"
    made = run(*new, "--lang", "ko", "--file", str(path), tmp=tmp)
    assert made.returncode == 0, made.stderr
    r = run("play", str(path), tmp=tmp, stdin=script, LIGNUM_SEED=seed)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr
    assert "게임이 끝났습니다" in r.stdout, r.stdout[-2000:]
    out = {"play": r.stdout + r.stderr}
    lines = path.read_text(encoding="utf-8").splitlines()
    body = lines.index("start") + 1
    half = tmp / f"{game}-half.lignum"
    half.write_text("\n".join(lines[:body + (len(lines) - body) // 2]) + "\n", encoding="utf-8")
    for at, file in (("end", path), ("half way", half)):
        for command in ("next", "show", "score"):
            shown = run(command, str(file), tmp=tmp)
            assert shown.returncode == 0, shown.stderr
            out[f"{command} ({at})"] = shown.stdout + shown.stderr
    return out


@pytest.fixture(scope="module")
def korean_screens(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, str]]:
    return {game: screens(game, tmp_path_factory.mktemp(game)) for game in GAMES}


def _lines_with(text: str, pattern: str) -> list[str]:
    return sorted({line.strip()[:160] for line in text.splitlines() if re.search(pattern, line)})


@pytest.mark.parametrize("game", list(GAMES))
def test_the_korean_screens_of_a_whole_game_hold_no_forbidden_word(korean_screens, game) -> None:
    for name, text in korean_screens[game].items():
        assert {w: _lines_with(text, p) for w, p in NOT_WORDS.items() if re.search(p, text)} == {}, name




@pytest.mark.parametrize("game", list(GAMES))
def test_the_korean_screens_of_a_whole_game_hold_no_fallback_particle(korean_screens, game) -> None:
    for name, text in korean_screens[game].items():
        assert _lines_with(text, PAIR) == [], name


def test_the_ascii_check_finds_an_english_word_and_passes_notation_and_names() -> None:
    said = "anna: `anna go 4 2` 1  go 4 2  짐꾼 2명 (R4), sell sale:2F+S dry1:mS $9, cleo 13b 다른 것 other ... Usage"
    assert foreign_words(said, {"anna", "cleo"}, set()) == {"other", "Usage"}


@pytest.mark.parametrize("game", list(GAMES))
def test_the_korean_screens_of_a_whole_game_hold_no_english_but_the_listed_exceptions(korean_screens, game):
    for name, text in korean_screens[game].items():
        assert foreign_words(text, NAMES, {game}) == set(), name


# Fields a Korean template may follow with a particle pair: their values are Korean words, figures or `$` sums, so
# texts.fill chooses the particle from what is printed. Any other field (a name, a path, a typed code) can end in a
# Latin letter that does not tell how it is read (nicole: 니콜), so its sentence is built with no particle after it.
PARTICLE_FIELDS = {"card", "kind", "location", "money", "piece", "received", "repay", "rule", "short", "task",
                   "token", "value", "value2", "what"}
_FIELD_PAIR = re.compile(r"\{([a-z_0-9]+)(?:![a-z])?\}['\"`’]?(?: ?\([^()]*\))?(?:" + PAIR + ")")


def test_no_particle_pair_follows_a_field_that_can_hold_a_latin_word() -> None:
    found = {(rel, where, m.group(1)) for rel in KO_FILES for where, text in _strings(_template(rel))
             for m in _FIELD_PAIR.finditer(text) if m.group(1) not in PARTICLE_FIELDS}
    assert found == set()


def test_the_particle_pair_check_sees_a_name_before_a_pair() -> None:
    assert [m.group(1) for m in _FIELD_PAIR.finditer("{name}은(는) 벴습니다; {what}을(를) 냅니다")] == ["name", "what"]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_question_forms_left_out_of_the_check_are_never_shown(lang: str) -> None:
    """The check above leaves out a topic's `questions` because no answer shows them: rendering every topic, at
    any width, prints none of its question forms."""
    import tomllib

    from lignum_companion.texts import catalog
    from lignum_companion.views import rules_lookup as rl

    forms = {}
    for path in (TEMPLATES / lang / "rules").glob("*.toml"):
        for t in tomllib.loads(path.read_text(encoding="utf-8")).get("topic", []):
            forms[t["id"]] = [q for q in t.get("questions", []) if len(q) > 12]
    assert sum(map(len, forms.values())) > 500, lang
    with catalog.speaking(lang):
        for topic in rl.list_topics():
            for width in (60, 200):
                shown = " ".join(rl.render(topic, width).split())
                assert not [q for q in forms[topic.id] if " ".join(q.split()) in shown], topic.id
