"""Option combinations that make no sense, refused with an error naming the options.

``check_combination(values, given)`` runs once when a Variant is built; the
message names each option involved and its value, so a director can fix the
table's settings (``e.params["options"]`` lists them; ``e.params["option"]`` is
the one to change, which records report as ``options.<name>``).
"""

from __future__ import annotations

from typing import Any

from .actions import BID0, CALL_OF
from .errors import UnknownVariantError
from .player_counts import DECKS_FOR, natural_jokers


def _refuse(message: str, option: str, *others: str) -> UnknownVariantError:
    return UnknownVariantError(
        message,
        code="bad_option_combination",
        params={"option": option, "options": [option, *others]},
    )


def _ladder_index(bid: str) -> int:
    """Position of a level bid on the ladder: 6S is 0, 6C 1 ... 10NT 24."""
    return CALL_OF[bid] - BID0


def check_combination(values: dict[str, Any], given: dict[str, Any]) -> None:
    """Raise UnknownVariantError (code ``bad_option_combination``) for nonsense."""
    v = values
    players, deck, jokers = v["players"], v["deck"], v["jokers"]
    if deck not in DECKS_FOR[players]:
        decks = " or ".join(map(str, DECKS_FOR[players]))
        raise _refuse(
            f"deck {deck} is not played by {players} players "
            f"(players {players} plays with deck {decks})",
            "deck",
            "players",
        )
    if jokers != natural_jokers(deck) and deck != 63:
        raise _refuse(
            f"jokers {jokers} does not fit deck {deck}, which has "
            f"{natural_jokers(deck)} (only the six-handed deck 63 takes a second"
            " joker)",
            "jokers",
            "deck",
        )
    if players != 6 and v["teams"] != "2x3":
        raise _refuse(
            f"teams {v['teams']} is for six players (players {players})",
            "teams",
            "players",
        )
    for name, default in (("partner_reveal", "announce"), ("partner_points", "full")):
        if players != 5 and v[name] != default:
            raise _refuse(
                f"{name} {v[name]} is for five players, who call a partner (players {players})",
                name,
                "players",
            )
    for name in ("misere", "open_misere"):
        if players == 5 and v[name]:
            raise _refuse(
                f"{name} is not played by five players (players 5, {name} true)",
                name,
                "players",
            )
    if v["misere"] and v["misere_min_level"]:
        if _ladder_index(v["misere_rank"]) < (v["misere_min_level"] - 6) * 5:
            raise _refuse(
                f"misère ranks above {v['misere_rank']} but may be bid only after a bid"
                f" of {v['misere_min_level']} (misere_min_level): it could never be"
                " bid",
                "misere_min_level",
                "misere_rank",
            )
    if v["set_rule"] and v["breach"]:
        raise _refuse("set_rule and breach are exclusive: pick one", "breach", "set_rule")
    if v["breach_value"] and not v["breach"]:
        raise _refuse(
            f"breach_value {v['breach_value']} needs breach true",
            "breach_value",
            "breach",
        )
    if v["breach"] and players == 5:
        raise _refuse(
            "breach is not played by five players: the defenders call before the "
            "declarer names his partner (players 5, breach true)",
            "breach",
            "players",
        )
    if v["breach"] and v["failed_contract"] == "to_opponents":
        raise _refuse(
            "breach subtracts points and failed_contract to_opponents never does: "
            "pick one (breach true, failed_contract to_opponents)",
            "breach",
            "failed_contract",
        )
    if v["exact_target"] and v["end"] != "target":
        raise _refuse(f"exact_target needs end target (end {v['end']})", "exact_target", "end")
    if v["winner_may_raise"] and v["auction"] == "one_call":
        raise _refuse(
            "winner_may_raise needs auction pass_final or reopen (auction one_call "
            "gives each player exactly one call)",
            "winner_may_raise",
            "auction",
        )
    for name in ("both_jokers_forced_level", "kitty_joker_disclosure"):
        if name in given and v[name] and jokers < 2:
            raise _refuse(
                f"{name} needs two jokers (deck {deck}, jokers {jokers})",
                name,
                "jokers",
            )
