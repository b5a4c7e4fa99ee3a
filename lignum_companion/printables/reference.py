"""`lignum print reference`: a one-page round reference as PDF (two pages for the expert game).

Every number on it is read from the engine: the steps and their order from `flow` (WORK_STEPS, WINTER_STEPS),
the path's supply, token mix, locations and room from `data`, whether a location is in play from
`rules.location_skipped`, prices, bonuses, yields, loans and huts from `data`. The words around the numbers
come from templates/<lang>/reference.toml; fonts, sizes and colours from the score sheet's template.
reportlab is imported inside the functions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lignum_companion.engine import data as D
from lignum_companion.engine.state import Game
from lignum_companion.texts import catalog as texts


@dataclass
class Facts:
    """What the reference is for: player count, mode, variants, and a game's winter and planned work cards."""

    players: int = 4
    mode: str = "basic"
    variants: list[str] = field(default_factory=list)
    winter: list[list[int]] | None = None
    cards: list[str] = field(default_factory=list)
    name: str = ""
    game: Game | None = None  # a game of this shape (the loaded one, or one set up for these facts)


def facts(game: Game | None = None, *, players: int | None = None, mode: str | None = None,
          name: str = "") -> Facts:
    """The facts of a loaded game, or of the given player count and mode (4 players, basic by default)."""
    lab = texts.load("reference")
    if game is not None and players is None and mode is None:
        return Facts(len(game.players), game.mode, list(game.variants), [list(w) for w in game.winter_cards],
                     list(game.pw_cards), name, game)
    n = players if players is not None else (len(game.players) if game is not None else 4)
    m = mode if mode is not None else (game.mode if game is not None else "basic")
    if n not in D.PLAYER_COUNTS:
        raise ValueError(texts.fill(lab["bad_players"], n=n))
    if m not in D.MODES:
        raise ValueError(texts.fill(lab["bad_mode"], mode=m, modes=", ".join(D.MODES)))
    from lignum_companion.engine import Setup, new_game

    names = ["p1", "p2", "p3", "p4"][:n]
    cards = list(D.PLANNED_WORK)[: D.PLANNED_WORK_CARDS_LAID[n]] if D.MODE_HAS_PLANNED_WORK[m] else []
    variants = list(game.variants) if game is not None else []
    shape = new_game(Setup(players=names, mode=m, variants=variants, order=names,
                           areas={p: i + 1 for i, p in enumerate(names)}, winter=[[0, 0], [0, 0]], cards=cards))
    same = game if game is not None and len(game.players) == n else None  # the game's own figures fit the sheet
    return Facts(n, m, variants, [list(w) for w in same.winter_cards] if same is not None else None,
                 list(same.pw_cards) if same is not None and same.mode == m else [], name if same is not None else "",
                 shape)


# --- what goes on the page (plain data; tests read it) ---------------------------------------------------


def round_steps(f: Facts) -> list[tuple[str, str]]:
    """(step name, what it does) for the round's steps in the engine's order, as this game has them."""
    from lignum_companion.engine.flow import WORK_STEPS

    lab = texts.load("reference")["round"]["steps"]
    g = f.game
    assert g is not None
    out = []
    for step in WORK_STEPS:
        if step.actor == "auto":
            continue
        if (step.name == "reveal" and not g.has_tasks) or (step.name == "tasks" and not g.has_tasks_phase):
            continue
        key = f"{step.name}_tactical" if g.tactical and f"{step.name}_tactical" in lab else step.name
        if step.name == "tasks" and not g.has_tasks:
            key = "tasks_furniture"  # R23: the tasks phase of the expansion's basic game is the furniture shop
        out.append((str(step.name), texts.fill(lab[key], cards=D.PLACEMENT_CARDS[f.players], yield_H=D.SAW_YIELD["H"],
                                          yield_S=D.SAW_YIELD["S"], yield_F=D.SAW_YIELD["F"])))
    return out


def winter_steps(f: Facts) -> list[tuple[str, str]]:
    from lignum_companion.engine.flow import WINTER_STEPS

    lab = texts.load("reference")["winter"]["steps"]
    g = f.game
    assert g is not None
    return [(s.name, texts.fill(lab[s.name], cut=D.WINTER_CUT_FIREWOOD, sledge=D.SLEDGE_BASE))
            for s in WINTER_STEPS if s.actor != "auto" and (s.name != "tasks" or g.has_tasks_phase)
            and (s.name != "placement" or g.tactical)]  # R32: the tactical variant's cards for spring, year 2


def path_rows(f: Facts) -> list[tuple[str, str, str]]:
    """(location, what it gives, room) along this game's board (R2; R23 with the expansion), then the clearing."""
    from lignum_companion.engine.rules import location_skipped

    lab = texts.load("reference")["path"]
    g = f.game
    assert g is not None
    board = g.board
    supply = D.PATH_SUPPLY[f.players]
    counts = {"bearers": supply["bearers"], "fodder": supply["fodder"], "woodcutters": supply["woodcutters"]}
    prices = {"tasks": D.TASK_COST}
    rows: list[tuple[str, str, str]] = []
    for loc in range(1, board.last + 1):
        kind = board.kind(loc)
        if kind == "token":  # said in full once; the other token locations say it short
            said = lab["token_again"] if any(r[1] in (lab["token"], lab["token_again"]) for r in rows) else lab["token"]
            rows.append((str(loc), said, str(board.room(loc))))
        elif location_skipped(g, loc):
            rows.append((str(loc), lab["skipped"], "–"))
        else:
            rows.append((str(loc), texts.fill(lab["locations"][kind], price=prices.get(kind, D.WORKER_PRICE),
                                              n=counts.get(kind, ""), max=D.MAX_CARPENTERS), str(board.room(loc))))
    rows.append(("A–D", lab["clearing"], lab["room_all"]))
    return rows


def mix_text(f: Facts) -> str:
    lab = texts.load("reference")["path"]
    return ", ".join(f"{n} × {lab['tokens'][k]}" for k, n in D.PATH_MIX[f.players].items() if n)


def price_rows() -> list[list[str]]:
    """Per sellable piece: base price, and with the second and third drying areas' bonus (R10)."""
    lab = texts.load("reference")["prices"]
    rows = []
    for piece in D.PIECES:
        base = D.BASE_PRICE[piece]
        if base is None:
            rows.append([lab["pieces"][piece], lab["unsellable"], "", ""])
        else:
            rows.append([lab["pieces"][piece], f"${base}", f"${base + D.DRYING_BONUS['dry2']}",
                         f"${base + D.DRYING_BONUS['dry3']}"])
    return rows


def planned_rows(f: Facts) -> list[tuple[str, str, str]]:
    """(card, seasons it can work in, what it does) for the ten planned work cards (R20)."""
    lab = texts.load("reference")["expert"]
    figures = dict(price=D.TRADE_CARD_TOKEN_PRICE, set2=D.CRAFTWORK_CARD_SET_PRICE[2],
                   set3=D.CRAFTWORK_CARD_SET_PRICE[3], set4=D.CRAFTWORK_CARD_SET_PRICE[4],
                   food=D.FOOD_SUPPLY_PER_PIECE, firewood=D.HEATING_SUPPLY_FIREWOOD_YIELD,
                   pieces=D.LOG_DRIVING_CARD_PIECES, workers=D.CUTTING_CARD_WORKERS)
    return [(lab["card_names"].get(c, c), lab["all_seasons"] if seasons == D.ALL_SEASONS else lab["work_seasons"],
             texts.fill(lab["effects"][c], **figures)) for c, seasons in D.PLANNED_WORK.items()]


def plan_rows() -> list[list[str]]:
    """Per round with a path: the season that pair 1, 2 and 3 plan for, or a dash past the last round (R20)."""
    lab = texts.load("stats")
    names = texts.load("scoresheet")["labels"]["season_names"]

    def season(r: int) -> str:
        return texts.fill(lab["season"], season=names[D.round_season(r)] + " ", year=D.round_year(r))

    return [[season(r)] + [season(r + k) if r + k <= D.ROUNDS else "–" for k in D.PLAN_PAIRS]
            for r in range(1, D.ROUNDS + 1) if D.round_season(r) != "winter"]  # plans are made on the path


def stage_rows() -> list[tuple[int, list[str]]]:
    """Drying stage -> the mill areas whose pieces count as that stage on a task card (R19)."""
    out: dict[int, list[str]] = {}
    for area, stage in D.STAGE_OF_AREA.items():
        out.setdefault(stage, []).append(texts.load("scoresheet")["labels"]["area"][area])
    return sorted(out.items())


# --- the PDF -------------------------------------------------------------------------------------------------


def render(f: Facts, *, paper: str = "a4") -> bytes:
    from lignum_companion.printables import score_sheet as pdf

    pages = 2 if f.game is not None and f.game.has_planned_work else 1
    for shrink in (0.0, 0.5, 1.0):  # a crowded page (the expansion's sections) is set a little smaller
        ref = _Reference(f, pdf.paper_size(paper), pdf.default_fonts(), shrink)
        data = ref.build()
        if ref.pages <= pages:
            break
    return data


class _Reference:
    def __init__(self, f: Facts, pagesize: tuple[float, float], fonts: Any, shrink: float = 0.0) -> None:
        from reportlab.lib import colors
        from reportlab.lib.styles import ParagraphStyle

        from lignum_companion.printables import score_sheet as pdf

        self.f = f
        self.T = pdf.template()
        self.R = texts.load("reference")
        self.S = self.T["sizes"]
        self.C = {k: colors.HexColor(v) for k, v in self.T["colours"].items() if isinstance(v, str)}
        self.fonts = fonts
        self.pagesize = pagesize
        self.margin = 11 * pdf.MM
        ink = self.C["ink"]
        small = self.S["small"] + 0.25 - shrink
        self.pages = 0

        def style(name: str, size: float, **kw: Any) -> ParagraphStyle:
            kw.setdefault("textColor", ink)
            return ParagraphStyle(name, fontName=fonts.regular, fontSize=size, leading=size * 1.2, **kw)

        self.st = {"title": style("title", self.S["title"] - 2), "sub": style("sub", self.S["body"]),
                   "h": style("h", self.S["body"] + 1.5, spaceBefore=5, spaceAfter=2),
                   "cell": style("cell", small), "body": style("body", small, spaceAfter=1.5),
                   "note": style("note", small - 0.5, textColor=self.C["muted"])}

    def P(self, text: str, style: str = "cell", bold: bool = False, colour: str | None = None) -> Any:
        from reportlab.platypus import Paragraph

        return Paragraph(self.fonts.markup(text, bold, colour), self.st[style])

    def table(self, data: list[list[Any]], widths: list[float], head: bool = True) -> Any:
        from reportlab.platypus import Table, TableStyle

        t = Table(data, colWidths=widths, hAlign="LEFT")
        cmds: list[tuple[Any, ...]] = [
            ("VALIGN", (0, 0), (-1, -1), "TOP"), ("LINEBELOW", (0, 0), (-1, -1), 0.3, self.C["rule"]),
            ("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
            ("LEFTPADDING", (0, 0), (-1, -1), 2.5), ("RIGHTPADDING", (0, 0), (-1, -1), 2.5),
        ]
        if head:
            cmds.append(("BACKGROUND", (0, 0), (-1, 0), self.C["band"]))
        t.setStyle(TableStyle(cmds))
        return t

    def build(self) -> bytes:
        """Page 1: a header across the page, then two columns (the round and winter on the left, the path and
        prices on the right; optional sections go where they fit). Planned work gets a full-width page."""
        import io

        from reportlab.platypus import (
            BaseDocTemplate,
            FrameBreak,
            KeepTogether,
            NextPageTemplate,
            PageBreak,
            PageTemplate,
        )
        from reportlab.platypus.frames import Frame

        from lignum_companion.printables import score_sheet as pdf

        buf = io.BytesIO()
        m = self.margin
        doc = BaseDocTemplate(buf, pagesize=self.pagesize, leftMargin=m, rightMargin=m, topMargin=m,
                              bottomMargin=m, title=self.R["title"], author=self.T["page"]["author"],
                              invariant=1, initialFontName=self.fonts.regular)
        width = doc.width
        gap = 5 * pdf.MM
        self.col = (width - gap) / 2
        R, f = self.R, self.f
        variants = ", ".join(R["variants"].get(v, v) for v in f.variants) or R["no_variants"]
        sub = texts.fill(R["subtitle"], players=f.players, mode=R["modes"].get(f.mode, f.mode), variants=variants)
        if f.game is not None and f.game.expansion:
            sub += texts.fill(R["expansion_line"])
        head = [self.P(R["title"], "title", bold=True), self.P(sub, "sub")]
        if f.name:
            head.append(self.P(texts.fill(R["game_line"], name=f.name), "sub"))
        head_h = sum(x.wrap(width, doc.height)[1] for x in head) + 6
        top, body_h = doc.bottomMargin + doc.height, doc.height - head_h

        def frame(fid: str, x: float, y: float, w: float, h: float) -> Frame:
            return Frame(x, y, w, h, id=fid, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)

        left_x, right_x = doc.leftMargin, doc.leftMargin + self.col + gap
        doc.addPageTemplates([
            PageTemplate("first", [frame("head", left_x, top - head_h, width, head_h),
                                   frame("left", left_x, doc.bottomMargin, self.col, body_h),
                                   frame("right", right_x, doc.bottomMargin, self.col, body_h)], onPage=self.footer),
            PageTemplate("columns", [frame("left2", left_x, doc.bottomMargin, self.col, doc.height),
                                     frame("right2", right_x, doc.bottomMargin, self.col, doc.height)],
                         onPage=self.footer),
            PageTemplate("full", [frame("full", left_x, doc.bottomMargin, width, doc.height)], onPage=self.footer),
        ])
        left, right, extra = self.left(), self.right(), self.extra()

        def height(blocks: list[list[Any]]) -> float:
            return sum(x.wrap(self.col, doc.height)[1] + x.getSpaceBefore() + x.getSpaceAfter()
                       for block in blocks for x in block)

        for block in extra:  # each optional section goes to the shorter column where it fits
            cols = sorted((left, right), key=height)
            fits = [c for c in cols if height(c) + height([block]) <= body_h]
            (fits or cols)[0].append(block)
        story: list[Any] = head + [NextPageTemplate("columns"), FrameBreak()]
        story += [KeepTogether(block) for block in left] + [FrameBreak()] + [KeepTogether(block) for block in right]
        if f.game is not None and f.game.has_planned_work:  # the expert and planned-work games: a second page
            story += [NextPageTemplate("full"), PageBreak()] + self.expert(width)
        pdf.build_embedded(doc, story, self.fonts)
        self.pages = doc.page
        return buf.getvalue()

    def footer(self, canv: Any, doc: Any) -> None:
        from lignum_companion.printables import score_sheet as pdf

        canv.saveState()
        canv.setFillColor(self.C["muted"])
        pdf._draw_runs(canv, self.fonts, self.pagesize[0] / 2, self.margin * 0.45,
                       texts.fill(self.R["footer"], page=doc.page), self.S["footer"], align="centre")
        canv.restoreState()

    def numbered(self, steps: list[tuple[str, str]]) -> Any:
        data = [[self.P(f"{i}.", bold=True), self.P(text)] for i, (_, text) in enumerate(steps, start=1)]
        return self.table(data, [20, self.col - 20], head=False)

    def left(self) -> list[list[Any]]:
        """The round and the winter, each a block kept together."""
        R, f = self.R, self.f
        W = R["winter"]
        winter = [self.P(W["title"], "h", bold=True), self.P(W["intro"], "body"), self.numbered(winter_steps(f)),
                  self.P(texts.fill(W["missing"], cost=D.WINTER_MISSING_PIECE_COST), "body")]
        if f.winter:
            (f1, h1), (f2, h2) = f.winter
            winter.append(self.P(texts.fill(W["cards"], food1=f1, heat1=h1, food2=f2, heat2=h2), "body", bold=True))
        else:
            winter.append(self.P(W["no_cards"], "note"))
        return [[self.P(R["round"]["title"], "h", bold=True), self.numbered(round_steps(f)),
                 self.P(R["round"]["turn_order"], "note")], winter]

    def extra(self) -> list[list[Any]]:
        """The game's end, and the sections only some games need: tasks, the expansion (R19, R23)."""
        R, f = self.R, self.f
        E = R["end"]
        out = [[self.P(E["title"], "h", bold=True), self.P(E["text"], "body")]]
        if f.game is not None and f.game.has_tasks and not f.game.has_planned_work:  # advanced: one page still
            out.append([self.P(R["expert"]["tasks_title"], "h", bold=True)] + self.tasks())
        if f.game is not None and f.game.joinery:  # R23
            X = R["expansion"]
            out.append([self.P(X["title"], "h", bold=True),
                        self.P(texts.fill(X["text"], income=D.CARPENTER_INCOME, food=D.CARPENTER_FOOD,
                                          max=D.MAX_CARPENTERS, pieces=D.FURNITURE_MAX, bonus=D.FURNITURE_BONUS),
                               "body")])
        return out

    def tasks(self) -> list[Any]:
        R = self.R["expert"]
        stages = "; ".join(texts.fill(R["stage"], stage=st, areas=", ".join(areas)) for st, areas in stage_rows())
        return [self.P(texts.fill(R["tasks"], price=D.TASK_COST), "body"),
                self.P(texts.fill(R["stages"], stages=stages), "body")]

    def right(self) -> list[list[Any]]:
        """The supply path of this player count, prices, loans and huts."""
        R, f = self.R, self.f
        Pth = R["path"]
        supply = D.PATH_SUPPLY[f.players]
        out = [self.P(texts.fill(Pth["title"], players=f.players), "h", bold=True),
               self.P(texts.fill(Pth["supply"], **supply), "body"),
               self.P(texts.fill(Pth["mix"], count=len(D.TOKEN_LOCATIONS), mix=mix_text(f)), "body")]
        if D.PATH_MIX[f.players].get("X"):
            out.append(self.P(Pth["blocked"], "note"))
        data = [[self.P(h, bold=True) for h in Pth["columns"]]]
        for loc, what, room in path_rows(f):
            data.append([self.P(loc, bold=True), self.P(what), self.P(room)])
        out.append(self.table(data, [24, self.col - 56, 32]))
        Pr = R["prices"]
        prices = [self.P(Pr["title"], "h", bold=True)]
        data = [[self.P(h, bold=True) for h in Pr["columns"]]] + [[self.P(c) for c in row] for row in price_rows()]
        w = (self.col - 70) / 3
        prices += [self.table(data, [70, w, w, w]), self.P(Pr["note"], "note"),
                   self.P(texts.fill(Pr["market"], saw=D.SAW_PRICE, max_saws=D.MAX_SAWS, food=D.FOOD_PRICE,
                                     set2=D.CRAFTWORK_SET_PRICE[2], set3=D.CRAFTWORK_SET_PRICE[3],
                                     set4=D.CRAFTWORK_SET_PRICE[4]), "body"),
                   self.P(texts.fill(Pr["workers"], worker=D.WORKER_PRICE), "body")]
        Lo, H = R["loans"], R["huts"]
        rest = [self.P(Lo["title"], "h", bold=True),
                self.P(texts.fill(Lo["text"], amount=D.LOAN_AMOUNT, max=D.MAX_LOANS, one=D.LOAN_REPAYMENT[1],
                                  two=D.LOAN_REPAYMENT[2]), "body"),
                self.P(H["title"], "h", bold=True),
                self.P(texts.fill(H["text"], kinds=", ".join(H["kinds"][k] for k in D.HUT_CRAFTWORK),
                                  areas=", ".join(H["names"][a] for a in D.HUT_AREAS)), "body")]
        rest += [self.P(f"{H['names'][a]}: {H['effects'][a]}", "body") for a in D.HUT_AREAS]
        return [out, prices, rest]

    def expert(self, width: float) -> list[Any]:
        R, f = self.R["expert"], self.f
        g = f.game
        assert g is not None
        out = [self.P(R["title"], "h", bold=True)]
        if g.has_tasks:
            out += self.tasks()
        if g.has_planned_work:
            out += [self.P(R["plans"], "body"), self.P(R["cards_title"], "h", bold=True),
                    self.P(texts.fill(R["laid"], players=f.players, n=D.PLANNED_WORK_CARDS_LAID[f.players]), "body")]
            if f.cards:
                names = ", ".join(R["card_names"].get(c, c) for c in f.cards)
                out.append(self.P(texts.fill(R["this_game"], cards=names), "body", bold=True))
            chosen = {R["card_names"].get(x, x) for x in f.cards}
            data = [[self.P(h, bold=True) for h in R["effect_columns"]]]
            data += [[self.P(c, bold=c in chosen), self.P(s), self.P(e)] for c, s, e in planned_rows(f)]
            out.append(self.table(data, [width * 0.2, width * 0.2, width * 0.6]))
            out += [self.P(R["plan_title"], "h", bold=True), self.P(R["plan_note"], "body")]
            data = [[self.P(h, bold=True) for h in R["plan_columns"]]]
            data += [[self.P(r[0], bold=True)] + [self.P(x) for x in r[1:]] for r in plan_rows()]
            out.append(self.table(data, [width * 0.2] * 4))
        return out
