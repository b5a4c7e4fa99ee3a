"""Adversarial audit of the engine against the rulebooks and RULINGS.md: one test per discrepancy found.

Each test was written to fail against the engine before its fix; the docstring names the ruling and what the
engine did wrong. Situations are built through the public API (notation lines), refusals with `helpers.refused`.
"""

from __future__ import annotations

from audit_helpers import broke, shared_area
from helpers import fix, forward, play, player, start

from lignum_companion.engine import flow


def _index(g, name: str) -> int:
    return g.player_index(name)


# --- R5 with R15: a later player in an emptied shared area --------------------------------------------------


def test_R5_R15_broke_player_in_emptied_shared_area_may_borrow_and_move() -> None:
    """R5 lets the later player pay $1 to move; R3/R15 let a loan pay for it. The engine skipped the player's
    cutting turn when it had no dollar, so the move (and any cutting) was lost."""
    g, first, second = shared_area()
    broke(g, second)
    play(g, None, fix(first, "woodcutters", +2), f"{first} cut 3F")  # area 3 is now empty
    assert g.step == "cutting" and flow.actors(g) == [_index(g, second)]
    play(g, None, f"{second} loan", f"{second} relocate 4")
    p = player(g, second)
    assert (p.money, p.loans, p.area) == (3, 1, 4)
    play(g, None, f"{second} cut F")
    assert p.wood["woodpile"] == {"F": 1} and g.cutting["4"]["F"] == 4


def test_R5_R20_emptied_shared_area_and_no_free_wood_still_lets_the_cutting_card_snatch() -> None:
    """With the Cutting card planned, a later player whose shared area is empty and whose free areas hold no wood may
    still snatch from an occupied area (R20). The engine's turn check returned early on the relocation test and
    skipped the player."""
    g = start(3, mode="expert", cards=("cutting", "trade", "craftwork", "sawing", "drying")).game()
    forward(g, step="travel", round=1, who="anna")
    play(g, None, "anna go 8 cutting 1", "ben go 8 cutting 1", "cleo go clearing", "anna go clearing",
         "ben go clearing")
    forward(g, step="placement", round=2)
    play(g, None, "placement 3:F", "placement 4:F", "anna area 3", "ben area 3", "cleo area 4")
    forward(g, step="cutting", round=2)
    assert [g.players[i].name for i in g.clearing] == ["ben", "anna", "cleo"]
    for area in ("1", "2", "5", "6"):  # no free area has wood left (set directly: a rare board)
        g.cutting[area].pop("F", None)
    play(g, None, fix("ben", "woodcutters", +3), "ben cut 4F")
    assert flow.actors(g) == [_index(g, "anna")]
    play(g, None, "anna snatch 4 F")
    assert player(g, "anna").wood["woodpile"] == {"F": 1}
