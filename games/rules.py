"""The rules pages: one per variant, written from the engine's variant data.

Nothing here is hand-written per variant: every sentence is built from a variant's
options (``games.engine.get_variant``) and the deck, deal, score table and end of game
are read off the ``Variant`` itself, so a new option or a changed preset shows up
without an edit. The last section lists every option of the engine's catalogue with
this variant's value (an option without a label shows the engine's own help).
The club's Quebec rules come first.
"""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.engine import PRESETS, get_variant, option_catalogue
from games.engine.actions import bid_action
from games.engine.cards import SUITS, WJ, suit_ranks
from games.option_labels import (
    OPTIONS,
    SUIT_SYMBOLS,
    contract_label,
    option_label,
    option_value_label,
    packets_label,
    variant_label,
)

CLUB_VARIANT = "quebec"
STRAINS = ("S", "C", "D", "H", "NT")


def variant_order() -> list[str]:
    """The club's rules first, then the others in the engine's order."""
    return [CLUB_VARIANT] + [v for v in PRESETS if v != CLUB_VARIANT]


def _suit_name(suit: str) -> str:
    return {"S": _("spades"), "C": _("clubs"), "D": _("diamonds"), "H": _("hearts")}[suit]


def _rank_name(code: str) -> str:
    return {"J": _("jack"), "Q": _("queen"), "K": _("king"), "A": _("ace")}.get(code, code)


def _deck(v) -> list[str]:
    cards = set(v.deck_cards)
    lines = [ngettext("%(n)s card.", "%(n)s cards.", len(cards)) % {"n": len(cards)}]
    lows: dict[str, list[str]] = {}
    for s, suit in enumerate(SUITS):
        ranks = suit_ranks(v.deck_cards, s)
        if not ranks:
            continue
        span = _("%(low)s to %(high)s") % {
            "low": _rank_name(ranks[0]),
            "high": _rank_name(ranks[-1]),
        }
        lows.setdefault(span, []).append(f"{_suit_name(suit)} {SUIT_SYMBOLS[suit]}")
    for span, suits in lows.items():
        lines.append(
            _("%(suits)s: %(span)s.") % {"suits": ", ".join(suits).capitalize(), "span": span}
        )
    jokers = len(v.jokers)
    if jokers == 2:
        lines.append(
            _(
                "Two jokers: the high joker (la Blanche) and the low joker "
                "(le Bonhomme), the highest trumps."
            )
        )
    elif jokers == 1:
        lines.append(_("One joker, the highest trump."))
    return lines


def _players(v) -> list[str]:
    players = len(v.seats)
    sizes = {len(t) for t in v.teams}
    if sizes == {1}:
        return [
            ngettext(
                "%(n)s player, each playing alone.", "%(n)s players, each playing alone.", players
            )
            % {"n": players}
        ]
    size = max(sizes)
    lines = [
        _("%(n)s players in %(teams)s teams of %(size)s, partners sitting opposite.")
        % {"n": players, "teams": len(v.teams), "size": size}
    ]
    if players == 4:
        lines.append(_("North–South against East–West."))
    return lines


def _deal(o, v) -> list[str]:
    lines = [
        _("Ten cards to each player, %(n)s to the kitty (la mise).") % {"n": v.kitty_size},
        _("Dealt from the dealer's left: %(plan)s.") % {"plan": packets_label(o["deal_packets"])},
    ]
    if "all_pass" in o:
        lines.append(
            _("When everyone passes: %(what)s.")
            % {"what": option_value_label("all_pass", o["all_pass"])}
        )
    lines.append(_("The declarer takes the kitty and discards as many cards face down."))
    return lines


def _auction(o) -> list[str]:
    lines = [
        _("Bidding: %(how)s.") % {"how": option_value_label("auction", o["auction"])},
        _(
            "A bid names a number of tricks (6 to 10) and a suit or no trump; suits "
            "rank spades, clubs, diamonds, hearts, then no trump."
        ),
        _("The lowest bid that can win is %(level)s.") % {"level": o["min_bid"]},
    ]
    if o.get("winner_may_raise"):
        lines.append(
            _("When the others have passed, the highest bidder may raise his own bid once.")
        )
    if o.get("inkles"):
        lines.append(
            _(
                "The first two callers may bid 6 below the minimum (an inkle); an "
                "inkle never wins: the hand is dealt again."
            )
        )
    if o.get("both_jokers_forced_level"):
        lines.append(
            _("A player dealt both jokers must bid at least %(level)s.")
            % {"level": o["both_jokers_forced_level"]}
        )
    if o.get("misere"):
        when = (
            _("at any time")
            if not o.get("misere_min_level")
            else _("once someone has bid %(level)s") % {"level": o["misere_min_level"]}
        )
        lines.append(
            _(
                "Misère (the declarer takes no trick, his partner sits out) may be "
                "bid %(when)s; it ranks just above %(rank)s and is worth "
                "%(value)s."
            )
            % {"when": when, "rank": contract_label(o["misere_rank"]), "value": o["misere_value"]}
        )
    else:
        lines.append(_("No misère."))
    if o.get("open_misere"):
        lines.append(
            _(
                "Open misère (the declarer's hand face up, %(reveal)s) ranks just "
                "above %(rank)s and is worth %(value)s."
            )
            % {
                "reveal": option_value_label("open_misere_reveal", o["open_misere_reveal"]),
                "rank": contract_label(o["open_misere_rank"]),
                "value": o["open_misere_value"],
            }
        )
    return lines


def _play(o, v) -> list[str]:
    lines = [
        _("First lead: %(who)s.") % {"who": option_value_label("first_lead", o["first_lead"])},
        _(
            "Follow the suit led when you can. In a suit contract the jokers, the jack "
            "of trumps and the other jack of the same colour are the highest trumps."
        ),
    ]
    if v.jokers:
        lines.append(
            _("In no trump, the joker led asks for %(suit)s.")
            % {"suit": option_value_label("joker_nt_lead", o["joker_nt_lead"])}
        )
        if o.get("joker_nt_void_only"):
            lines.append(
                _("In no trump, a joker may be played only when its holder cannot follow suit.")
            )
        if o.get("joker_prenaming"):
            lines.append(
                _(
                    "In no trump and misère, the declarer may name his joker's suit "
                    "before the first lead."
                )
            )
        if o.get("kitty_joker_disclosure") and WJ in v.deck_cards and len(v.jokers) == 2:
            lines.append(
                _(
                    "At a 6- or 7-level contract, a joker in the kitty is shown when "
                    "the declarer holds the other one."
                )
            )
        if o.get("misere") and o.get("misere_joker_must_play"):
            lines.append(
                _("In misère, an unnamed joker must be played when its holder cannot follow suit.")
            )
    return lines


def _scoring(o) -> list[str]:
    lines = [
        _("A contract made scores its value (no bonus for extra tricks)."),
        _("A failed contract's value is %(what)s.")
        % {"what": option_value_label("failed_contract", o["failed_contract"])},
    ]
    if o.get("defenders_per_trick"):
        lines.append(
            _("The other side scores %(n)s points per trick it takes.")
            % {"n": o["defenders_per_trick"]}
        )
    if o.get("slam_bonus"):
        lines.append(
            _("All ten tricks on a contract worth less than %(n)s score %(n)s.")
            % {"n": o["slam_bonus"]}
        )
    return lines


def _end(o) -> list[str]:
    if o.get("end") == "hands":
        lines = [
            ngettext("A game is %(n)s hand.", "A game is %(n)s hands.", o["hands_per_game"])
            % {"n": o["hands_per_game"]}
        ]
    else:
        lines = [_("A side wins at %(n)s points.") % {"n": o["target"]}]
        if o.get("lose_at_minus_target"):
            lines.append(_("A side at minus %(n)s or below loses.") % {"n": o["target"]})
        if o.get("must_win_by_contract"):
            lines.append(_("The target is reached only by making a contract."))
    if o.get("point_difference"):
        lines.append(
            _(
                "The game also ends when one side is negative, the other positive, "
                "and they differ by %(n)s."
            )
            % {"n": o["point_difference"]}
        )
    return lines


def _score_table(v) -> list[dict]:
    rows = []
    for level in range(6, 11):
        rows.append(
            {
                "level": level,
                "values": [v.table_value(bid_action(level, s)) for s in range(len(STRAINS))],
            }
        )
    return rows


def _options(name: str, o: dict) -> list[dict]:
    out = []
    for spec in option_catalogue():
        key = spec["name"]
        if key not in o:
            continue
        label = option_label(key) if key in OPTIONS else spec["help"]
        out.append({"name": key, "label": label, "value": option_value_label(key, o[key])})
    return out


def rules_for(name: str) -> dict:
    """Everything the rules page of one variant shows (sentences in the active language)."""
    v = get_variant(name)
    o = dict(v.options)
    misere = []
    if o.get("misere"):
        misere.append((_("Misère"), o["misere_value"]))
    if o.get("open_misere"):
        misere.append((_("Open misère"), o["open_misere_value"]))
    return {
        "name": name,
        "label": variant_label(name),
        "is_club": name == CLUB_VARIANT,
        "sections": [
            (_("Players"), _players(v)),
            (_("Cards"), _deck(v)),
            (_("Deal and kitty"), _deal(o, v)),
            (_("Bidding"), _auction(o)),
            (_("Play"), _play(o, v)),
            (_("Scoring"), _scoring(o)),
            (_("End of the game"), _end(o)),
        ],
        "strains": [contract_label(f"1{s}")[1:].strip() for s in STRAINS],
        "score_rows": _score_table(v),
        "misere_scores": misere,
        "options": _options(name, o),
    }


def rules_index(request):
    variants = [
        {"name": n, "label": variant_label(n), "is_club": n == CLUB_VARIANT}
        for n in variant_order()
    ]
    return render(
        request, "games/rules_index.html", {"variants": variants, "rules": rules_for(CLUB_VARIANT)}
    )


def rules_variant(request, variant: str):
    if variant not in PRESETS:
        raise Http404
    variants = [
        {"name": n, "label": variant_label(n), "is_club": n == CLUB_VARIANT}
        for n in variant_order()
    ]
    return render(
        request, "games/rules_index.html", {"variants": variants, "rules": rules_for(variant)}
    )
