"""Hawaiian Islands without its player (games/auto.py): one seat, nothing hidden between seats (the
bag is unknown to the player too), so a lone legal move is forced; nothing is asked out of turn."""

from games import auto
from lang import N_


class HawaiiAuto(auto.OpenRules):
    out_of_turn = N_("A solo game asks nothing out of turn, so `/auto` has no standing answers here.")


AUTO = HawaiiAuto()
