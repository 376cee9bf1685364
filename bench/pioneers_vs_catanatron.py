"""Pioneer's Isle's computer players against catanatron's bots, in 4-player games.

    PYTHON bench/pioneers_vs_catanatron.py [--bot value|alphabeta] [--level hard]
        [--games 200] [--workers 2] [--first 20000] [--no-answers] [--positions FILE]

PYTHON is an interpreter that has catanatron installed: it is GPL and no dependency of the
project, so it lives in an environment of its own, installed by hand from its public source
(the bots are in the source, not in the PyPI release): the repository bcollazo/catanatron at
e62082d, the commit before "Create Action Record", whose `State.playable_actions` is the PyPI
release's; `pip install` that tree into a fresh environment, and this project there too
(`pip install -e .`). Without it the bench says so and stops.

Our engine referees every game. catanatron keeps a mirror of it: a game of its own on the same
island (hexes, numbers and harbours translated hex by hex), in which every move made in ours is
replayed as the matching action with its chance already decided (the dice rolled, the card
drawn, the card stolen, the cards discarded). When one of its bots is to act, it decides in the
mirror, as in a game of its own (seeing the whole table, as its bots always do), and the action
it picks is translated back into one of our moves. So each engine plays by its own rules and
each bot by its own view, and the two are checked against each other after every move: the
hands, the points and the board must agree (the `diverged` count says how often they did not;
a difference is repaired from ours before the next decision).

Two seats are ours at `--level`, two are the bot's, and the seating turns from game to game as
in bench/levels.py. catanatron's random discard stands in for its bots' discards (they never
choose one). Player offers are answered as at the bot's tables: at once, by every seat but the
offerer's, before anyone moves on. catanatron's bots do not trade with players, so its seats
decline; ours answer as our computer seats do (`--no-answers` leaves them silent too, as the
bench did before, so that no cards change hands between players). A trade between our seats is
played in the mirror as the two hands it leaves, since catanatron has no such action.
The share printed is the share of games our seats won, with its 95 % interval, and then who
held the two titles when the games ended: the alpha-beta bot's wins have come with the longest
road, so that is where to look when the share moves.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.levels import seating  # noqa: E402
from bench.pioneers_valuefit import seat_figures  # noqa: E402
from games.levels import choose  # noqa: E402
from games.pioneers import GAME  # noqa: E402
from games.pioneers import board as B  # noqa: E402
from games.pioneers import data as D  # noqa: E402
from games.pioneers import moves as M  # noqa: E402

try:
    from catanatron import Color, Game
    from catanatron.models.coordinate_system import UNIT_VECTORS, Direction, add
    from catanatron.models.enums import (
        CITY,
        RESOURCES,
        SETTLEMENT,
        Action,
        ActionPrompt,
        ActionType,
        NodeRef,
    )
    from catanatron.models.map import (
        BASE_MAP_TEMPLATE,
        CatanMap,
        LandTile,
        MapTemplate,
        Port,
        Water,
        initialize_tiles,
    )
    from catanatron.state import generate_playable_actions
except ImportError:
    Color = None

COLOURS = ("RED", "BLUE", "ORANGE", "WHITE")
CORNERS = ("NORTH", "NORTHEAST", "SOUTHEAST", "SOUTH", "SOUTHWEST", "NORTHWEST")  # our HEX_NODES order
# the side of a hex between its corners i and i + 1 (clockwise from the top)
SIDES = ("NORTHEAST", "EAST", "SOUTHEAST", "SOUTHWEST", "WEST", "NORTHWEST")
OPPOSITE = {"EAST": "WEST", "WEST": "EAST", "NORTHEAST": "SOUTHWEST", "SOUTHWEST": "NORTHEAST",
            "NORTHWEST": "SOUTHEAST", "SOUTHEAST": "NORTHWEST"}
CARDS = {D.KNIGHT: "KNIGHT", D.VICTORY: "VICTORY_POINT", D.ROAD_BUILDING: "ROAD_BUILDING",
         D.PLENTY: "YEAR_OF_PLENTY", D.MONOPOLY: "MONOPOLY"}


def cube(hex_index: int) -> tuple[int, int, int]:
    """catanatron's cube coordinates of one of our hexes: both grids are pointy-topped with the
    first axis pointing east and the second south-east."""
    q, r = B.HEX_AXIAL[hex_index]
    return (q, -q - r, r)


class Mirror:
    """catanatron's game beside ours, and the translation of positions and moves both ways."""

    def __init__(self, ours, players: list) -> None:
        self.ours = ours
        self.game = Game(players, seed=random.randrange(1 << 30), catan_map=self._map(ours))
        state = self.game.state
        state.players = list(players)  # catanatron shuffles the seating: ours is kept
        state.colors = tuple(player.color for player in players)
        state.color_to_index = {colour: seat for seat, colour in enumerate(state.colors)}
        state.playable_actions = generate_playable_actions(state)
        self.colours = state.colors
        # our corner -> catanatron's node, hex by hex (the land nodes keep catanatron's own ids)
        self.node = [0] * B.NODE_COUNT
        board_map = state.board.map
        self.tile = {}
        for hex_index in range(B.HEX_COUNT):
            tile = board_map.land_tiles[cube(hex_index)]
            self.tile[hex_index] = tile
            for corner, node in enumerate(B.HEX_NODES[hex_index]):
                self.node[node] = tile.nodes[NodeRef[CORNERS[corner]]]
        self.our_node = {theirs: ours_ for ours_, theirs in enumerate(self.node)}
        self.our_hex = {cube(h): h for h in range(B.HEX_COUNT)}
        self.diverged = 0  # moves after which the engines differed
        self.differences: Counter = Counter()  # of each kind
        self.refused = 0  # decisions where some of catanatron's actions were not ours

    @staticmethod
    def _map(ours) -> CatanMap:
        """The island of `ours` in catanatron's terms: its base topology in its own order (so node
        ids match its static graph), the harbours moved to where ours are."""
        ports = {}
        for index, edge in enumerate(B.HARBOUR_EDGES):
            hex_index = B.HARBOUR_HEX[index]
            corners = B.HEX_NODES[hex_index]
            side = next(i for i in range(6) if {corners[i], corners[(i + 1) % 6]} == set(B.EDGE_NODES[edge]))
            water = add(cube(hex_index), UNIT_VECTORS[Direction[SIDES[side]]])
            ports[water] = (index, Direction[OPPOSITE[SIDES[side]]])
        topology = {}
        for coordinate, kind in BASE_MAP_TEMPLATE.topology.items():
            if kind is LandTile:
                topology[coordinate] = LandTile
            elif coordinate in ports:
                topology[coordinate] = (Port, ports[coordinate][1])
            else:
                topology[coordinate] = Water
        assert len(ports) == len(B.HARBOUR_EDGES)
        template = MapTemplate(BASE_MAP_TEMPLATE.numbers, BASE_MAP_TEMPLATE.port_resources,
                               BASE_MAP_TEMPLATE.tile_resources, topology)
        tiles = initialize_tiles(template)
        for hex_index in range(B.HEX_COUNT):
            tile = tiles[cube(hex_index)]
            res = ours.terrain[hex_index]
            tile.resource = None if res == D.DESERT else RESOURCES[res]
            tile.number = None if res == D.DESERT else ours.numbers[hex_index]
        for coordinate, (index, _) in ports.items():
            kind = ours.harbours[index]
            tiles[coordinate].resource = None if kind == "any" else RESOURCES[D.RES_INDEX[kind]]
        return CatanMap.from_tiles(tiles)

    # -- our move -> their action ----------------------------------------------------------------
    def replay(self, seat: int, move: str, turn_of: int, devs_before: list[int]) -> None:
        """Play in the mirror what `move` did in ours, made in the turn of `turn_of` by a seat
        that held `devs_before`."""
        action = self.action(self.ours, seat, move, devs_before)
        if action is None:
            if isinstance(M.parse(move), M.Confirm):
                self.trade_hands()
            return
        state = self.game.state
        state.current_player_index = seat
        state.current_turn_index = turn_of
        self.game.execute(action, validate_action=False)
        self.check()

    def action(self, after, seat: int, move: str, devs_before: list[int]):
        colour = self.colours[seat]
        parsed = M.parse(move)
        kind = type(parsed)
        if kind is M.Roll:
            return Action(colour, ActionType.ROLL, tuple(after.dice))
        if kind is M.End:
            return Action(colour, ActionType.END_TURN, None)
        if kind is M.Settlement:
            return Action(colour, ActionType.BUILD_SETTLEMENT, self.node[parsed.node])
        if kind is M.City:
            return Action(colour, ActionType.BUILD_CITY, self.node[parsed.node])
        if kind is M.Road:
            a, b = B.EDGE_NODES[parsed.edge]
            return Action(colour, ActionType.BUILD_ROAD, (self.node[a], self.node[b]))
        if kind is M.BuyCard:
            card = next(c for c in range(5) if after.devs[seat][c] > devs_before[c])
            return Action(colour, ActionType.BUY_DEVELOPMENT_CARD, CARDS[card])
        if kind is M.Knight:
            return Action(colour, ActionType.PLAY_KNIGHT_CARD, None)
        if kind is M.RoadBuilding:
            return Action(colour, ActionType.PLAY_ROAD_BUILDING, None)
        if kind is M.Plenty:
            return Action(colour, ActionType.PLAY_YEAR_OF_PLENTY, tuple(RESOURCES[r] for r in parsed.resources))
        if kind is M.Monopoly:
            return Action(colour, ActionType.PLAY_MONOPOLY, RESOURCES[parsed.resource])
        if kind is M.Trade:
            give = next(r for r in range(5) if parsed.give[r])
            get = next(r for r in range(5) if parsed.get[r])
            rate = parsed.give[give]
            offered = [RESOURCES[give]] * rate + [None] * (4 - rate)
            return Action(colour, ActionType.MARITIME_TRADE, (*offered, RESOURCES[get]))
        if kind is M.Discard:
            cards = [RESOURCES[r] for r in range(5) for _ in range(parsed.cards[r])]
            return Action(colour, ActionType.DISCARD, cards)
        if kind is M.Robber:
            where = cube(parsed.hex)
            if parsed.victim is None:
                return Action(colour, ActionType.MOVE_ROBBER, (where, None, None))
            stolen = RESOURCES[after.last["stolen"]]
            return Action(colour, ActionType.MOVE_ROBBER, (where, self.colours[parsed.victim], stolen))
        return None  # offers and answers move no cards; a confirm is replayed as the hands it leaves

    def trade_hands(self) -> None:
        """A trade between players, which catanatron's game has no action for: the two hands
        as ours left them."""
        state = self.game.state
        for seat in range(self.ours.n):
            for r in range(5):
                state.player_state[f"P{seat}_{RESOURCES[r]}_IN_HAND"] = self.ours.hands[seat][r]

    # -- their action -> our move ----------------------------------------------------------------
    def move(self, seat: int, action, rng: random.Random) -> str:
        kind, value = action.action_type, action.value
        if kind == ActionType.ROLL:
            return "roll"
        if kind == ActionType.END_TURN:
            return "end"
        if kind == ActionType.BUILD_SETTLEMENT:
            return f"settlement {self.our_node[value] + 1}"
        if kind == ActionType.BUILD_CITY:
            return f"city {self.our_node[value] + 1}"
        if kind == ActionType.BUILD_ROAD:
            return f"road {B.EDGE_LABELS[B.edge_between(self.our_node[value[0]], self.our_node[value[1]])]}"
        if kind == ActionType.BUY_DEVELOPMENT_CARD:
            return "buy card"
        if kind == ActionType.PLAY_KNIGHT_CARD:
            return "knight"
        if kind == ActionType.PLAY_ROAD_BUILDING:
            return "road building"
        if kind == ActionType.PLAY_YEAR_OF_PLENTY:
            return M.plenty_text(sorted(RESOURCES.index(r) for r in value))
        if kind == ActionType.PLAY_MONOPOLY:
            return f"monopoly {D.RESOURCES[RESOURCES.index(value)]}"
        if kind == ActionType.MARITIME_TRADE:
            offered = [r for r in value[:-1] if r is not None]
            give, get = RESOURCES.index(offered[0]), RESOURCES.index(value[-1])
            return M.TRADE_MOVES[len(offered)][give][get]
        if kind == ActionType.MOVE_ROBBER:
            where, victim, _ = value
            return M.robber_text(self.our_hex[where], None if victim is None else self.colours.index(victim))
        if kind == ActionType.DISCARD:  # catanatron's bots discard at random: so here
            hand = [r for r in range(5) for _ in range(self.ours.hands[seat][r])]
            kept = Counter(rng.sample(hand, len(hand) // 2))
            return M.discard_text([kept[r] for r in range(5)])
        raise ValueError(f"no move of ours for {action}")

    # -- both sides the same -----------------------------------------------------------------------
    def check(self) -> None:
        """Count each kind of difference between the engines (`differences`), and repair the
        mirror from ours. catanatron gives the road title to the longest road left after a
        settlement cuts one even when it is under 5 or tied, which ours does not: those show
        as "titles". When the bank runs short on a roll catanatron pays nobody that resource,
        where ours pays a sole claimant what is left: those (rare) show as "hands" and "bank"."""
        ours, state = self.ours, self.game.state
        found = set()
        for seat in range(ours.n):
            key = f"P{seat}"
            for r in range(5):
                name = f"{key}_{RESOURCES[r]}_IN_HAND"
                if state.player_state[name] != ours.hands[seat][r]:
                    state.player_state[name] = ours.hands[seat][r]
                    found.add("hands")
            for kind, name, value in (("titles", f"{key}_HAS_ROAD", ours.road_holder == seat),
                                      ("titles", f"{key}_HAS_ARMY", ours.army == seat),
                                      ("points", f"{key}_VICTORY_POINTS", ours.visible_points(seat)),
                                      ("points", f"{key}_ACTUAL_VICTORY_POINTS", ours.total_points(seat))):
                if state.player_state[name] != value:
                    state.player_state[name] = value
                    found.add(kind)
        holder = ours.road_holder
        state.board.road_color = self.colours[holder] if holder >= 0 else None
        state.board.road_length = ours.road_len[holder] if holder >= 0 else 0
        for node in range(B.NODE_COUNT):
            owner = ours.node_owner[node]
            have = state.board.buildings.get(self.node[node])
            want = None if owner < 0 else (self.colours[owner], SETTLEMENT if ours.node_level[node] == 1 else CITY)
            if have != want:
                found.add("board")
        for edge, (a, b) in enumerate(B.EDGE_NODES):
            owner = ours.edge_owner[edge]
            if state.board.roads.get((self.node[a], self.node[b])) != (None if owner < 0 else self.colours[owner]):
                found.add("board")
        if ours.robber != self.our_hex[state.board.robber_coordinate]:
            found.add("robber")
            state.board.robber_coordinate = cube(ours.robber)
        if list(state.resource_freqdeck) != list(ours.bank):
            found.add("bank")
            state.resource_freqdeck = list(ours.bank)
        if sorted(state.development_listdeck) != sorted(CARDS[card] for card in ours.deck):
            found.add("deck")
        if "points" in found and found <= {"points", "titles"}:
            found.discard("points")  # the points follow from the title
        self.differences.update(found)
        self.diverged += bool(found)

    def decide(self, seat: int, bot, rng: random.Random) -> str:
        """The bot's move at `seat`, in our words."""
        state = self.game.state
        state.current_player_index = seat
        if self.ours.phase == "discard":
            state.current_prompt = ActionPrompt.DISCARD
            state.is_discarding = True
        # what our rules allow of what catanatron's do (a card before the roll is not): its bots
        # read the choices from the state, so the state holds that list
        legal = set(self.ours.legal_moves(seat))
        choices = {}
        for action in generate_playable_actions(state):
            move = self.move(seat, action, rng)
            if move in legal or action.action_type == ActionType.DISCARD:  # its discard: drawn here
                choices[action] = move
        if not choices:
            raise ValueError(f"none of catanatron's actions is ours: {state.playable_actions}")
        self.refused += len(state.playable_actions) != len(choices)
        state.playable_actions = list(choices)
        action = bot.decide(self.game, state.playable_actions)
        return choices[action]


def one_game(level: str, bot_name: str, seed: int, answers: bool = True) -> tuple[float, dict, dict | None]:
    """(share of the game won by our seats, figures of the game, and its positions for
    bench/pioneers_valuefit.py: each seat's figures at the start of every other turn, who played
    each seat and who won; None for a game that hit the cap)."""
    if Color is None:
        raise SystemExit("catanatron is not installed in this interpreter")
    from catanatron.players.minimax import AlphaBetaPlayer
    from catanatron.players.value import ValueFunctionPlayer

    random.seed(seed)
    levels = seating(4, level, bot_name, seed)
    game = GAME.new(4, {}, seed)
    players = [AlphaBetaPlayer(Color[c], depth=2) if bot_name == "alphabeta" else ValueFunctionPlayer(Color[c])
               for c in COLOURS]
    mirror = Mirror(game, players)
    rng = random.Random(seed)
    figures = Counter()
    rows = []
    turn = -1
    moves = 0
    while not game.is_over() and moves < 5000:
        if game.phase == "roll" and game.turn != turn:
            turn = game.turn
            if turn % 2 == 0:
                rows.append(seat_figures(game))
        waiting = game.awaited_answers() if answers else []
        seat = (waiting or game.to_act())[0]  # discards in seat order, as catanatron takes them
        turn_of, devs_before = game.current, list(game.devs[seat])
        start = time.perf_counter()
        if waiting and levels[seat] != level:  # its bots never trade with players
            move = next(M.text(M.Decline(offer["id"])) for offer in game.offers
                        if offer["by"] != seat and seat not in offer["answers"])
        elif levels[seat] == level:
            move = choose(game, seat, level, rng)
            figures["ours_s"] += time.perf_counter() - start
            figures["ours_moves"] += 1
        else:
            move = mirror.decide(seat, players[seat], rng)
            figures["bot_s"] += time.perf_counter() - start
            figures["bot_moves"] += 1
        game.play(seat, move)
        mirror.replay(seat, move, turn_of, devs_before)
        figures["trades"] += move.startswith("confirm")
        moves += 1
    figures["diverged"] = mirror.diverged
    figures["refused"] = mirror.refused
    for kind, count in mirror.differences.items():
        figures[f"differed in {kind}"] = count
    figures["capped"] = int(not game.is_over())
    for title, holder in (("road", game.road_holder), ("army", game.army)):
        if holder >= 0:
            figures[f"{title} {'ours' if levels[holder] == level else 'theirs'}"] += 1
    if not game.is_over():
        return 0.5, figures, None
    return float(levels[game.winner] == level), figures, {"seats": rows, "who": levels, "winner": game.winner}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bot", choices=("value", "alphabeta"), default="value")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--first", type=int, default=20_000, help="seed of the first game")
    parser.add_argument("--answers", action=argparse.BooleanOptionalAction, default=True,
                        help="our seats answer offers as the bot's computer seats do (catanatron's "
                        "decline); --no-answers leaves every offer unanswered")
    parser.add_argument("--positions", type=Path, help="write each finished game's positions here "
                        "(a line of JSON a game) for bench/pioneers_valuefit.py --add")
    args = parser.parse_args()
    if Color is None:
        print("catanatron is not installed in this interpreter: run the bench with one that has it "
              "(see this file's docstring)")
        return
    start = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        jobs = [pool.submit(one_game, args.level, args.bot, args.first + n, args.answers)
                for n in range(args.games)]
        results = [job.result() for job in jobs]
    won = sum(share for share, _, _ in results)
    total = sum((figures for _, figures, _ in results), Counter())
    if args.positions:
        with args.positions.open("w") as out:
            for _, _, positions in results:
                if positions is not None:
                    out.write(json.dumps(positions) + "\n")
    share = won / args.games
    differed = ", ".join(f"{name[12:]}: {count}" for name, count in sorted(total.items())
                         if name.startswith("differed in "))
    interval = 196 * (share * (1 - share) / args.games) ** 0.5
    print(f"pioneers, 4 players: Isles {args.level} (2 seats) won {100 * share:.1f}% (±{interval:.1f}) of "
          f"{args.games} games against catanatron's {args.bot} (2 seats), seats rotated; "
          f"ours {1000 * total['ours_s'] / max(1, total['ours_moves']):.0f} ms a move, "
          f"theirs {1000 * total['bot_s'] / max(1, total['bot_moves']):.0f} ms; "
          f"{total['refused']} of their decisions with choices our rules refuse left out, {total['diverged']} moves after which the "
          f"engines differed ({differed or 'in nothing'}), {total['capped']} games capped; {time.perf_counter() - start:.0f} s", flush=True)
    print(f"at the end our seats held the longest road in {total['road ours']} games and theirs in "
          f"{total['road theirs']}; the largest army {total['army ours']} and {total['army theirs']}; "
          f"{total['trades']} trades between players", flush=True)


if __name__ == "__main__":
    main()
