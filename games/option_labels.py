"""Translated labels and help for the engine's variants and options.

The engine (pure Python) documents its options in English; pages show these.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

VARIANT_LABELS = {
    "quebec": _("Quebec (club tournament rules)"),
    "australian": _("Australian (Avondale)"),
    "american": _("American"),
    "french-canadian": _("French-Canadian"),
}

OPTIONS = {
    "players": (_("Players"), _("Number of players.")),
    "deck": (_("Deck"), _("43 cards (one joker, no black 4s), 45 (one joker) or 46 (two jokers).")),
    "kitty_size": (_("Kitty size"), _("Cards in the kitty.")),
    "deal_packets": (_("Deal packets"), _("Deal plan from the dealer's left: n = n cards to each player, Kn = n cards to the kitty.")),
    "auction": (_("Auction"), _("one_call: each player calls once; pass_final: round and round, a pass is final; reopen: a bidder changing strain lets passed players back in.")),
    "winner_may_raise": (_("Winner may raise"), _("After all others pass, the high bidder may raise his own bid once.")),
    "min_bid": (_("Minimum winning bid"), _("Lowest level that can win the auction.")),
    "inkles": (_("Inkles"), _("The first two callers may bid 6 below the minimum; an inkle never wins.")),
    "both_jokers_forced_level": (_("Both jokers: forced bid"), _("A player dealt both jokers must bid at least this level (0: no rule).")),
    "misere": (_("Misère"), _("Misère (win no trick) may be bid.")),
    "misere_min_level": (_("Misère after level"), _("Misère only after someone has bid this level (0: any time).")),
    "misere_rank": (_("Misère ranks above"), _("Misère ranks just above this bid.")),
    "misere_value": (_("Misère value"), _("Points for misère.")),
    "open_misere": (_("Open misère"), _("Open misère (hand face up) may be bid at any time.")),
    "open_misere_rank": (_("Open misère ranks above"), _("Open misère ranks just above this bid.")),
    "open_misere_value": (_("Open misère value"), _("Points for open misère.")),
    "open_misere_reveal": (_("Open misère: hand shown"), _("When the declarer's hand is laid face up.")),
    "misere_joker_must_play": (_("Misère: joker must be played"), _("An unnamed joker must be played when its holder cannot follow suit.")),
    "first_lead": (_("First lead"), _("Who leads to the first trick.")),
    "joker_nt_lead": (_("Joker led in no trump"), _("The suit it may ask for: any; one already led this hand; one not yet led.")),
    "joker_nt_void_only": (_("Joker in no trump: only when void"), _("An unnamed joker may be played only when its holder cannot follow suit.")),
    "joker_prenaming": (_("Declarer names the joker"), _("In no trump and misère, the declarer may name the joker's suit before the first lead.")),
    "kitty_joker_disclosure": (_("Kitty joker shown"), _("At a 6- or 7-level contract, a joker in the kitty is shown when the declarer holds the other one.")),
    "score_table": (_("Score table"), _("Avondale (10 hearts 500, 10 NT 520) or perfect (20 less: 10 NT 500).")),
    "slam_bonus": (_("Slam bonus"), _("All ten tricks on a smaller contract score this (0: none).")),
    "defenders_per_trick": (_("Defenders per trick"), _("Points per trick to the side without the contract.")),
    "failed_contract": (_("Failed contract"), _("Its value is subtracted, or given to the other side.")),
    "all_pass": (_("When everyone passes"), _("The same dealer deals again, or the deal passes on.")),
    "end": (_("End of game"), _("After a number of hands, or at a target score.")),
    "hands_per_game": (_("Hands per game"), _("Hands in a game that ends after a number of hands.")),
    "target": (_("Target score"), _("Score that wins a game played to a target.")),
    "lose_at_minus_target": (_("Minus the target loses"), _("A side at minus the target or below loses.")),
    "must_win_by_contract": (_("Win by a contract"), _("The target is reached only by making a contract.")),
    "point_difference": (_("Point difference"), _("The game ends when one side is negative, the other positive, and they differ by this much (0: off).")),
}


def variant_label(name: str) -> str:
    return VARIANT_LABELS.get(name, name)


def option_label(name: str) -> str:
    return OPTIONS.get(name, (name, ""))[0]


def option_help(option: dict) -> str:
    """The translated help, followed by each preset's default."""
    from django.utils.text import format_lazy

    help_text = OPTIONS.get(option["name"], ("", option["help"]))[1]
    def shown(value) -> str:
        if isinstance(value, bool):
            return str(_("yes") if value else _("no"))
        return str(value)

    defaults = ", ".join(f"{variant_label(v)}: {shown(d)}" for v, d in option["defaults"].items())
    return format_lazy("{} ({}: {})", help_text, _("defaults"), defaults)
