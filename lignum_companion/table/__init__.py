"""Table mode: the `lignum new` wizard, the `lignum play` guided rounds, and the prompt layer under both.

Answers come from a `Console` (console.py): a terminal (questionary/prompt_toolkit: line editing, history, Tab
completion, arrow-key menus in the wizard) or plain lines when standard input is not a terminal (pipes, prepared
scripts, tests). Both give the same questions and the same checks. In play (session.py) every menu is built from
`engine.legal_actions` by the step's renderer (turns.STEP_MENUS; draws.py for the table's draws), so a menu never offers
an illegal choice; a choice is a notation line built for the player, applied by the engine and saved at once (the
log is the game). Texts live in templates/<lang>/play.toml.
"""

from .console import Console, Interrupted
from .menu import Choice, Menu
from .session import Session, play
from .wizard import wizard

__all__ = ["Choice", "Console", "Interrupted", "Menu", "Session", "play", "wizard"]
