"""Rules lookup: loads topic and ruling texts from templates/rules/*.toml, finds them by words or id, renders.

The texts are data (TOML, one table per topic) so they can be corrected or translated without touching code.
The ranking (BM25 over the texts, keyword phrases, question forms, the part of the game asked about) is
views/rules_rank.py, with a vote learned from the question forms in views/rules_learned.py. A query in Hangul
is searched in the Korean texts, one in Latin letters in the English ones; the answer is shown in the current
language. docs/rules-lookup.md has the method and the figures.

API for other modules: `lookup(query, step=...)`, `topic_for_rule(rule_id)`, `ruling(rule_id)`, `list_topics()`,
`render(topic)`, `render_ruling(ruling)`, `render_list()`, `read_more(rule_id)`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from lignum_companion.texts import catalog as texts
from lignum_companion.views import rules_rank as rank
from lignum_companion.views.rules_rank import HANGUL, normalise_rule_id

__all__ = ["HANGUL", "answer", "OtherReading", "Ruling", "RulesTemplateError", "Topic", "index_without", "label",
           "language_of", "list_rulings",
           "list_topics", "lookup", "normalise_rule_id", "read_more", "render", "render_list", "render_ruling",
           "ruling", "topic", "topic_for_rule", "without_expansion"]

@dataclass(frozen=True)
class OtherReading:
    """Where the sources disagree: the reading the companion did not take, and which document holds it."""

    rule: str
    reading: str
    source: str


@dataclass(frozen=True)
class Ruling:
    """One ruling of shared/RULINGS.md, explained for players, with the topic that covers it in full."""

    id: str
    title: str
    text: str
    topic: str
    other: OtherReading | None = None


@dataclass(frozen=True)
class Topic:
    """One answer of the lookup: a titled text that names the rulings it applies."""

    id: str
    title: str
    group: str
    body: str
    rules: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    other_readings: tuple[OtherReading, ...] = field(default=(), compare=False)
    enter: str = ""  # how to enter it: the commands or notation, kept out of the rule prose
    # the expansion's words, left out for a game without it: (text, what stands instead) (without_expansion)
    expansion_only: tuple[tuple[str, str], ...] = field(default=(), compare=False)

    def as_json(self) -> dict[str, Any]:
        """The topic with its names, for `lignum rules --json`."""
        return {
            "id": self.id,
            "title": self.title,
            "group": self.group,
            "rules": list(self.rules),
            "body": self.body,
            "enter": self.enter,
            "other_readings": [vars(o) for o in self.other_readings],
        }


@dataclass(frozen=True)
class _Library:
    """Everything loaded from the templates of one language, plus its search index built once."""

    topics: tuple[Topic, ...]
    by_id: dict[str, Topic]
    rulings: dict[str, Ruling]
    labels: dict[str, str]
    step_topics: dict[str, tuple[str, ...]]  # 'winter feeding' -> the topics about that step, closest first
    search: rank.SearchIndex


class RulesTemplateError(ValueError):
    """The topic templates are inconsistent (duplicate id, ruling pointing to no topic): a packaging bug."""


# --- loading --------------------------------------------------------------------------------------------


def _other(entry: dict[str, Any], rule: str) -> OtherReading | None:
    if "other_reading" not in entry:
        return None
    return OtherReading(rule, entry["other_reading"].strip(), entry["other_source"].strip())


def _library(lang: str | None = None) -> _Library:
    """The topics, rulings and index of a language (the current one by default)."""
    return _library_of(lang or texts.current())


@dataclass
class _Read:
    """What the TOML files of one language hold, gathered in file order before the library is built."""

    topics: list[dict[str, Any]] = field(default_factory=list)
    rulings: dict[str, Ruling] = field(default_factory=dict)
    reading_topics: dict[str, tuple[str, ...]] = field(default_factory=dict)  # other reading shown only there
    labels: dict[str, str] = field(default_factory=dict)
    search: dict[str, Any] = field(default_factory=dict)  # [search] of every file, lists joined, tables merged
    step_topics: dict[str, tuple[str, ...]] = field(default_factory=dict)
    contexts: dict[str, tuple[str, ...]] = field(default_factory=dict)
    elsewhere: dict[str, tuple[str, ...]] = field(default_factory=dict)
    unnamed: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def add(self, doc: dict[str, Any]) -> None:
        """Take in one file: its topics, rulings, labels, search words and step data."""
        self.topics += [{"group": doc.get("group", ""), **raw} for raw in doc.get("topic", [])]
        for raw in doc.get("ruling", []):
            if raw["id"] in self.rulings:
                raise RulesTemplateError(f"ruling {raw['id']} is defined twice")
            self.rulings[raw["id"]] = Ruling(raw["id"], raw["title"], raw["text"].strip(), raw["topic"],
                                             _other(raw, raw["id"]))
            if "other_reading_topics" in raw:
                self.reading_topics[raw["id"]] = tuple(raw["other_reading_topics"])
        self.labels.update(doc.get("labels", {}))
        for mine, theirs in ((self.step_topics, "step_topics"), (self.contexts, "context_topics"),
                             (self.elsewhere, "context_elsewhere"), (self.unnamed, "context_unnamed")):
            mine.update((key, tuple(ids)) for key, ids in doc.get(theirs, {}).items())
        for key, value in doc.get("search", {}).items():
            if isinstance(value, dict):
                self.search.setdefault(key, {}).update(value)
            else:
                self.search[key] = [*self.search.get(key, []), *value]


def _read(lang: str) -> _Read:
    """Every TOML file of templates/<lang>/rules, in name order."""
    read = _Read()
    for name in texts.files(texts.DEFAULT, "rules"):
        read.add(texts.load(name, lang))
    return read


@cache
def _library_of(lang: str) -> _Library:
    """Read the templates of a language and build the index (once per process)."""
    read = _read(lang)
    topics: list[Topic] = []
    for raw in read.topics:
        rules = tuple(raw.get("rules", []))
        others = tuple(r.other for rid in rules if (r := read.rulings.get(rid)) and r.other
                       and raw["id"] in read.reading_topics.get(rid, (raw["id"],)))
        topics.append(Topic(raw["id"], raw["title"], raw["group"], raw["body"].strip(), rules,
                            tuple(raw.get("keywords", [])), others, raw.get("enter", "").strip(),
                            tuple((x, "") if isinstance(x, str) else (x["text"], x["instead"])
                                  for x in raw.get("expansion_only", []))))
    by_id: dict[str, Topic] = {}
    for t in topics:
        if t.id in by_id:
            raise RulesTemplateError(f"topic {t.id} is defined twice")
        by_id[t.id] = t
    for step, ids in [pair for named in (read.step_topics, read.contexts, read.elsewhere, read.unnamed)
                      for pair in named.items()]:
        if unknown := [i for i in ids if i not in by_id]:
            raise RulesTemplateError(f"step {step} names the unknown topics {', '.join(unknown)}")
    for r in read.rulings.values():
        if r.topic not in by_id:
            raise RulesTemplateError(f"ruling {r.id} points to the unknown topic {r.topic}")
    asked = [tuple(raw.get("questions", [])) for raw in read.topics]  # how players ask for it (never shown)
    search = rank.build_index(topics, asked, read.search, {r.id: r.topic for r in read.rulings.values()},
                              read.step_topics, (read.contexts, read.elsewhere, read.unnamed),
                              texts.cache_file(texts.TEMPLATES / lang / "rules" / "learned-vote"))
    return _Library(tuple(topics), by_id, read.rulings, read.labels, read.step_topics, search)


# --- queries --------------------------------------------------------------------------------------------


def list_topics() -> list[Topic]:
    """Every topic, in the order of the templates (grouped as the list shows them)."""
    return list(_library().topics)


def topic(topic_id: str) -> Topic | None:
    """The topic with this id, if any."""
    return _library().by_id.get(topic_id.strip().lower())


def ruling(rule_id: str) -> Ruling | None:
    """The ruling with this id ('R11' or 'r11'), if it exists."""
    rid = normalise_rule_id(rule_id)
    return _library().rulings.get(rid) if rid else None


def list_rulings() -> list[Ruling]:
    """All rulings in id order."""
    return sorted(_library().rulings.values(), key=lambda r: int(r.id[1:]))


def topic_for_rule(rule_id: str, step: str = "") -> Topic | None:
    """The topic to read about a ruling, so a refused action can say what to read: in a step ('winter feeding',
    engine.flow.season_step) the first of that step's topics (the [step_topics] data) that cites the ruling,
    else the topic that explains the ruling in full (R24 refused in winter feeding: `winter`, not `woodwork`)."""
    r = ruling(rule_id)
    if r is None:
        return None
    lib = _library()
    here = (lib.by_id[i] for i in lib.step_topics.get(step, ()))
    return next((t for t in here if r.id in t.rules), lib.by_id[r.topic])


def read_more(rule_id: str, step: str = "") -> str:
    """A short pointer for refusal messages, e.g. 'lignum rules drying'; '' for an unknown id."""
    t = topic_for_rule(rule_id, step)
    return f"lignum rules {t.id}" if t else ""


def lookup(query: str, limit: int = 5, step: str = "") -> list[Topic]:
    """Best topics for a query: a topic id, a ruling id (R1…) or plain words; [] when nothing matches.

    A ruling id puts the topic that explains it first, then other topics that apply it. `step` is where the
    table is ('winter feeding', engine.flow.season_step), given by `play`: it tips close answers towards
    that part of the game, never over a clearly better one.
    """
    return answer(query, limit, step)[0]


def answer(query: str, limit: int = 5, step: str = "") -> tuple[list[Topic], Topic | None]:
    """`lookup`, and the second topic when the question crosses two (shown under the first: `render(also=...)`)."""
    lib = _library()
    q = query.strip().lower()
    if not q:
        return [], None
    if q in lib.by_id:
        return [lib.by_id[q]], None
    if (rid := normalise_rule_id(q)) and rid not in lib.rulings:
        return [], None
    source = _library("ko" if HANGUL.search(q) else texts.DEFAULT)  # the texts written in the query's script
    ids, crossed = rank.answered(q, source.search, limit, step)
    found = [lib.by_id.get(i, source.by_id[i]) for i in ids]
    return found, (lib.by_id.get(crossed, source.by_id[crossed]) if crossed else None)


def others(found: list[Topic], crossed: Topic | None) -> list[Topic]:
    """The other matches to list under an answer: those after the first, less the one already shown under it
    (`render(also=crossed)`), so a topic is named once (a tryout named the crossed topic under the answer and
    again in the list of other matches)."""
    return [t for t in found[1:] if crossed is None or t.id != crossed.id]


def language_of(query: str) -> str | None:
    """The language to answer a question in when nobody chose one (no `--lang`, no LIGNUM_LANG): Korean for a
    question typed in Hangul, else None (the usual choice: the game's language, else the locale). The locale
    counts as no choice here: it is the machine's setting (often English on a shared or rented one), while a
    question typed in Hangul says which language the asker reads. A question in Latin letters keeps the locale,
    since Korean tables type the game's English words too ("wagon")."""
    if HANGUL.search(query) and texts.told() is None:
        return "ko"
    return None


def index_without(questions: set[str], lang: str) -> rank.SearchIndex:
    """The search index of a language with these question forms (lower-cased) left out, for
    benchmarks/bench_rules_lookup.py --cross: a tuning batch measured as if the ranking had never seen it."""
    read = _read(lang)
    asked = [tuple(q for q in raw.get("questions", []) if q.lower() not in questions) for raw in read.topics]
    return rank.build_index(_library_of(lang).topics, asked, read.search,
                            {r.id: r.topic for r in read.rulings.values()}, read.step_topics,
                            (read.contexts, read.elsewhere, read.unnamed))


# --- a game without the expansion ---------------------------------------------------------------------------

EXPANSION_RULINGS = ("R23",)
_GONE = "\x00"  # where a part was left out: a line left holding nothing else goes with it


def without_expansion(topic: Topic) -> Topic:
    """The topic as a table without the Joinery and Buildings expansion reads it: the parts its TOML marks
    `expansion_only` left out (or said as `instead`), and R23 off its rulings, so a game with no carpenters is
    not told about feeding them. The search still reads the whole text (the ranking is unchanged)."""
    if not topic.expansion_only:
        return topic
    body = topic.body
    for text, instead in topic.expansion_only:
        words = r"\s+".join(re.escape(word) for word in text.split())  # across the line breaks
        pattern = words if instead else r"[ \t]*" + words  # a part left out takes the space before it along
        said = (instead or _GONE).replace("\\", "\\\\")  # the words as they are: no backslash read as an escape
        body = re.sub(pattern, said, body, count=1)
    body = "\n".join(line.replace(_GONE, "") for line in body.split("\n") if line.strip() != _GONE)
    rules = tuple(r for r in topic.rules if r not in EXPANSION_RULINGS)
    return replace(topic, body=body.strip(), rules=rules, expansion_only=())


# --- rendering ------------------------------------------------------------------------------------------


def _wrap_body(body: str, width: int) -> list[str]:
    """Wrap paragraphs; '- ' bullets and '1. ' items get a hanging indent. Blank lines separate paragraphs."""
    out: list[str] = []
    blocks: list[str] = []
    current: list[str] = []
    for line in body.splitlines():
        stripped = line.strip()
        if not stripped:
            if current:
                blocks.append(" ".join(current))
                current = []
            blocks.append("")
        elif re.match(r"^(- |\d+\. )", stripped):
            if current:
                blocks.append(" ".join(current))
            current = [stripped]
        else:
            current.append(stripped)
    if current:
        blocks.append(" ".join(current))
    for block in blocks:
        if not block:
            if out and out[-1] != "":
                out.append("")
            continue
        marker = re.match(r"^(- |\d+\. )", block)
        indent = " " * len(marker[0]) if marker else ""
        out.extend(texts.wrap(block, width, subsequent_indent=indent))
    return out


def _label(key: str, **values: str) -> str:
    return _library().labels[key].format(**values)


def _rules_line(rules: tuple[str, ...]) -> str:
    lib = _library()
    if not rules:
        return _label("no_rulings")
    named = "; ".join(f"{r} {lib.rulings[r].title}" if r in lib.rulings else r for r in rules)
    return _label("rulings", rules=named)


def _other_lines(other: OtherReading, width: int) -> list[str]:
    text = _label("other_reading", rule=other.rule, reading=other.reading, source=other.source)
    return texts.wrap(text, width, subsequent_indent="  ")


def settling(topic: Topic) -> str:
    """A topic's first paragraph: the line or two that settle the dispute players ask it about (the texts are
    written so; docs/rules-lookup.md), shown first and under another answer that the question also crosses."""
    return topic.body.split("\n\n", 1)[0].strip()


SHORT_BODY = 12  # the lines of rule an answer to a question shows before pointing to the whole topic


def _rules_command(topic_id: str, at_play: bool) -> str:
    """How to show a topic where the reader is: `rules ID` at a prompt of `lignum play`, else the shell's command."""
    return f"rules {topic_id}" if at_play else f"lignum rules {topic_id}"


def render(topic: Topic, width: int = 80, also: Topic | None = None, short: bool = False, *,
           at_play: bool = False) -> str:
    """A topic as text for the terminal: title, the settling lines, then (when the question crosses a second
    topic, `also`) that topic's settling lines, the details, how to enter it, the rulings, other readings. The
    rulings come after the rule, so the lines that settle the dispute are the first ones read. `short` (an
    answer to a question) keeps the whole paragraphs that fit in SHORT_BODY lines and names the command that
    shows the rest, so the answer fits a screen with the other matches under it. `at_play`: read at a prompt of
    `lignum play`, where `rules ID` is typed and a shell command (`lignum calc sale`) is said to be one (a tryout)."""
    width = max(width, 30)
    lines = [f"{topic.title}  [{topic.id}]"]
    head, _, rest = topic.body.partition("\n\n")
    body = _wrap_body(head, width)
    if also is not None:
        body += texts.wrap(_label("also_settles", title=also.title, id=also.id, text=" ".join(settling(also).split())),
                           width, subsequent_indent="  ")
    cut = False
    for paragraph in rest.split("\n\n") if rest.strip() else []:
        wrapped = _wrap_body(paragraph, width)
        if short and len(body) + 1 + len(wrapped) > SHORT_BODY:
            cut = True
            break
        body += [""] + wrapped
    if cut:
        body += texts.wrap(_label("more", command=_rules_command(topic.id, at_play)), width)
    lines += body
    if topic.enter:  # the commands, marked, after the rule: the prose stays about the game
        lines.append("")
        shell = at_play and "`lignum " in topic.enter  # not typed at play's prompt: in a terminal beside it
        lines += texts.wrap(_label("enter_shell" if shell else "enter", text=topic.enter), width,
                            subsequent_indent="  ")
    lines.append("")
    rules_line = _label("rulings", rules=", ".join(topic.rules)) if short and topic.rules else _rules_line(topic.rules)
    lines += texts.wrap(rules_line, width, subsequent_indent="  ")  # an answer: the ids (`lignum rules R5` explains)
    for other in topic.other_readings:
        lines.append("")
        lines += _other_lines(other, width)
    return "\n".join(lines)


def render_ruling(r: Ruling, width: int = 80, *, at_play: bool = False) -> str:
    """A ruling as text: id and title, the explanation, the other reading, and where to read more (`at_play`: as
    typed at a prompt of `lignum play`)."""
    width = max(width, 30)
    lib = _library()
    lines = [f"{r.id} {r.title}", ""]
    lines += _wrap_body(r.text, width)
    if r.other:
        lines.append("")
        lines += _other_lines(r.other, width)
    home = lib.by_id[r.topic]
    lines.append("")
    lines.append(_label("read_more", command=_rules_command(home.id, at_play), title=home.title))
    cited = [t.id for t in lib.topics if r.id in t.rules and t.id != home.id]
    if cited:
        lines += texts.wrap(_label("cited_in", topics=", ".join(cited)), width, subsequent_indent="  ")
    return "\n".join(lines)


def render_list(width: int = 80, *, at_play: bool = False) -> str:
    """All topics grouped, one line each with its id, for `lignum rules` without a query (`at_play`: `rules`
    typed at a prompt of `lignum play`, whose intro names what is typed there)."""
    lib = _library()
    lines = texts.wrap(_label("list_intro_play" if at_play else "list_intro"), width)
    id_width = max(len(t.id) for t in lib.topics)
    group = None
    for t in lib.topics:
        if t.group != group:
            group = t.group
            lines += ["", group]
        lines.append(f"  {t.id:<{id_width}}  {t.title}")
    return "\n".join(lines)


def label(key: str, **values: str) -> str:
    """A user-facing message of the lookup (from the templates), e.g. the 'no match' line of the CLI."""
    return _label(key, **values)
