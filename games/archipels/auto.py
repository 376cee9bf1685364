"""Archipels without its player (games/auto.py): nothing is hidden, so a lone legal move (`done`)
is forced in public; the rules ask no seat anything out of turn, so there are no standing answers."""

from games import auto
from lang import tr


class ArchipelsAuto(auto.OpenRules):
    @property
    def out_of_turn(self) -> str:  # type: ignore[override]
        return tr("No seat is asked anything out of turn, so `/auto` has no standing answers here.")


AUTO = ArchipelsAuto()
