"""CLI commands that need no game file: the rules lookup (`lignum rules`) and the calculators (`lignum calc`).

Only typer is imported at module level; the lookup, the calculators, tomllib and json load inside the
commands, so `lignum --help` stays fast. Numbers are read as text and checked by `calc.parse_count`, so a bad
value gives one line on stderr and exit 1 instead of a usage box.
"""

# No `from __future__ import annotations`: typer reads these annotations, and as strings they cost start-up.

from typing import Any, NoReturn

import typer
from typer.core import TyperCommand

from lignum_companion.cli.lang import LangGroup

calc_app = typer.Typer(
    cls=LangGroup,
    no_args_is_help=True,
    help="Table calculators: sale prices, winter costs, loans and the market, from the engine's own prices.",
)


def _width() -> int:
    """Terminal width for wrapped texts, kept between 40 and 100 columns (80 in a pipe)."""
    from lignum_companion.texts.term import text_width

    return text_width(80) or 80


def _fail(message: str) -> NoReturn:
    """One clear line on stderr and exit code 1 (PRODUCT.md: bad input, state unchanged)."""
    from lignum_companion.cli.common import say

    typer.echo(say("error", message=message), err=True)
    raise typer.Exit(1)


def _print_json(value: Any) -> None:
    import json

    typer.echo(json.dumps(value, indent=2, ensure_ascii=False))


class RulesCommand(TyperCommand):
    """`lignum rules`, whose help names the rulings' range ({rulings}) as the rulings data holds it now.

    The range is read only when this command's own help is shown, never for `lignum --help` (its short help
    names no range), so the list of commands stays as quick as before.
    """

    def format_help_text(self, ctx: Any, formatter: Any) -> None:
        from lignum_companion.texts import catalog as texts

        kept = self.help
        if kept and "{rulings}" in kept:
            self.help = texts.fill(kept, rulings=rulings_range())
        try:
            super().format_help_text(ctx, formatter)
        finally:
            self.help = kept


def rulings_range() -> str:
    """'R1…R31': the first and last ruling of the rulings data."""
    from lignum_companion.views import rules_lookup as rl

    ids = [r.id for r in rl.list_rulings()]
    return f"{ids[0]}…{ids[-1]}" if ids else ""


def rules(
    query: list[str] | None = typer.Argument(
        None, metavar="QUERY", help="Words, a topic id or a ruling id like R11; none lists the topics."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the topics (or the ruling) as JSON."),
) -> None:
    """Rules lookup: list the topics, search them by words, or explain a ruling ({rulings})."""
    from lignum_companion.texts import catalog as texts
    from lignum_companion.views import rules_lookup as rl

    text = " ".join(query or []).strip()
    asked_in = rl.language_of(text)  # a question in Hangul, no language chosen: answered in Korean
    if asked_in:
        with texts.speaking(asked_in):
            _rules(text, as_json)
        return
    _rules(text, as_json)


def _rules(text: str, as_json: bool) -> None:
    """The rules command once its language is settled."""
    from lignum_companion.texts import catalog as texts
    from lignum_companion.views import rules_lookup as rl

    width = _width()
    if not text:
        if as_json:
            listing = [{k: v for k, v in t.as_json().items() if k != "body"} for t in rl.list_topics()]
            _print_json({"topics": listing})
        else:
            typer.echo(rl.render_list(width))
        return
    rule_id = rl.normalise_rule_id(text)
    if rule_id:
        ruling = rl.ruling(rule_id)
        if ruling is None:
            _fail(rl.label("no_ruling", rule=rule_id, last=rl.list_rulings()[-1].id.removeprefix("R")))
        if as_json:
            other = vars(ruling.other) if ruling.other else None
            home = rl.topic_for_rule(rule_id)
            _print_json({"ruling": {"id": ruling.id, "title": ruling.title, "text": ruling.text,
                                    "topic": ruling.topic, "other_reading": other},
                         "topics": [home.as_json()] if home else []})
        else:
            typer.echo(rl.render_ruling(ruling, width))
        return
    found, crossed = rl.answer(text)
    if not found:
        _fail(rl.label("no_match", query=text))
    if as_json:
        _print_json({"query": text, "topics": [t.as_json() for t in found], "also": crossed.id if crossed else None})
        return
    typer.echo(rl.render(found[0], width, also=crossed, short=text.lower() != found[0].id))
    if more := rl.others(found, crossed):  # the topic shown under the answer is not named again
        typer.echo("")
        typer.echo(rl.label("also_matching"))
        for t in more:
            line = f"  lignum rules {t.id:<20} {t.title}"
            while texts.display_width(line) > width:  # one line a topic, cut at the screen's edge
                line = line[:-2] + "…"
            typer.echo(line)


def _run(compute: Any, render_name: str, as_json: bool) -> None:
    """Call a calculator; refusals and bad input become one line on stderr with exit 1."""
    from lignum_companion.engine.errors import LignumError
    from lignum_companion.views import calc

    try:
        result = compute(calc)
    except LignumError as err:
        _fail(str(err))
    if as_json:
        _print_json(result.as_json())
    else:
        typer.echo(getattr(calc, render_name)(result))


JSON_HELP = "Print the figures with their names as JSON."


@calc_app.command("sale")
def calc_sale(
    pieces: list[str] = typer.Argument(
        ..., metavar="PIECE",
        help="KIND, NxKIND or NxKIND@AREA; KIND is firewood, softwood, hardwood, milled-firewood, "
        "milled-softwood or milled-hardwood; AREA is sale (default), dry1, dry2 or dry3. "
        "Example: 2xfirewood milled-firewood@dry1",
    ),
    drying_card: bool = typer.Option(False, "--drying-card", help="Drying card: dry1 holds twice as much."),
    overfull: bool = typer.Option(False, "--overfull", help="Accept areas overfilled by drying huts (R11)."),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """Price a sale: base price and drying bonus per piece, and the total (R10)."""
    _run(lambda c: c.sale(pieces, drying_card=drying_card, overfull=overfull), "render_sale", as_json)


@calc_app.command("winter")
def calc_winter(
    food_need: str = typer.Option(..., "--food-need", metavar="N", help="Food the winter card asks for."),
    heat_need: str = typer.Option(..., "--heat-need", metavar="N", help="Heating wood the card asks for."),
    food: str = typer.Option(..., "--food", metavar="N", help="Food the player holds."),
    heat: str = typer.Option(..., "--heat", metavar="N", help="Milled logs in the firewood storage."),
    money: str = typer.Option(..., "--money", metavar="N", help="The player's dollars."),
    loans: str = typer.Option("0", "--loans", metavar="N", help="Loans already held (0–2)."),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """Walk feeding then heating (R14): cost of what is missing, forced loans, what must be sold."""

    def compute(c: Any) -> Any:
        n = {name: c.parse_count(option, value) for name, option, value in (
            ("food_need", "--food-need", food_need), ("heat_need", "--heat-need", heat_need),
            ("food", "--food", food), ("heat", "--heat", heat), ("money", "--money", money),
            ("loans", "--loans", loans))}
        return c.winter(**n)

    _run(compute, "render_winter", as_json)


@calc_app.command("loan")
def calc_loan(
    loans: str | None = typer.Option(None, "--loans", metavar="N", help="Loans the player holds now (0–2)."),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """Money received and repaid at the end for one or two loans (R15)."""
    _run(lambda c: c.loan(c.parse_count("--loans", loans)), "render_loan", as_json)


@calc_app.command("market")
def calc_market(
    tokens: list[str] | None = typer.Argument(None, metavar="TOKEN", hidden=True),
    sell: list[str] | None = typer.Option(
        None, "--sell", metavar="TOKEN...",
        help="Tokens to sell: stake, board, shingle, reed, joker (raft, sledge, wagon with --trade-card); "
        "Nx for several, commas or spaces between them.",
    ),
    craftwork_card: bool = typer.Option(False, "--craftwork-card", help="Craftwork card prices for sets."),
    trade_card: bool = typer.Option(False, "--trade-card", help="Trade card: sell rafts, sledges, wagons."),
    buy_saws: str = typer.Option("0", "--buy-saws", metavar="N", help="Saws to buy."),
    buy_food: str = typer.Option("0", "--buy-food", metavar="N", help="Food to buy."),
    saws_owned: str | None = typer.Option(None, "--saws-owned", metavar="N", help="Saws owned now."),
    money: str | None = typer.Option(None, "--money", metavar="N", help="Dollars before the visit."),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """A market visit (R17): best craftwork sets with jokers, Trade card sales, saws and food bought."""

    def compute(c: Any) -> Any:
        return c.market(
            (sell or []) + (tokens or []), craftwork_card=craftwork_card, trade_card=trade_card,
            buy_saws=c.parse_count("--buy-saws", buy_saws), buy_food=c.parse_count("--buy-food", buy_food),
            saws_owned=c.parse_count("--saws-owned", saws_owned), money=c.parse_count("--money", money),
        )

    _run(compute, "render_market", as_json)


def register(app: typer.Typer) -> None:
    """Attach `rules` and the `calc` group to the main app."""
    app.command("rules", cls=RulesCommand,
                short_help="Rules lookup: the topics, a search by words, or a ruling explained.")(rules)
    app.add_typer(calc_app, name="calc")
