"""Egyptian Rat Screw as most tables play it: the engine's own rules, nothing added."""

from ratscrew.core.variant import Variant, register
from ratscrew.i18n import N_

CLASSIC = register(Variant(
    name="classic",
    title=N_("Egyptian Rat Screw"),
    summary=N_("Flip in turn; J/Q/K/A challenge the next player with 1/2/3/4 chances; slap "
               "doubles and sandwiches to take the pile. Collect every card to win."),
    aliases=("ers", "egyptian-rat-screw"),
    lesson="classic.lesson.toml",
    order=0,
))
