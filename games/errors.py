"""User-facing errors of the live tables, in the user's language."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.engine import EngineError


class TableError(Exception):
    """A problem the user can fix or understand (shown, not logged as a bug)."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


def suit_name(code: str | None) -> str:
    """A suit's name from its code (``H``) or the engine's English name (``hearts``)."""
    names = {
        "S": _("spades"),
        "C": _("clubs"),
        "D": _("diamonds"),
        "H": _("hearts"),
        "NT": _("no trump"),
    }
    english = {"spades": "S", "clubs": "C", "diamonds": "D", "hearts": "H"}
    key = english.get(code or "", code or "")
    return names.get(key, key)


def engine_message(error: EngineError) -> str:
    """A translated message for an engine error (falls back to the engine's English)."""
    code = getattr(error, "code", "")
    params = getattr(error, "params", {}) or {}
    messages = {
        "not_your_turn": _("It is not your turn."),
        "must_follow": _("You must follow suit."),
        "card_not_held": _("You do not hold that card."),
        "bid_too_low": _("Your bid must be higher than the last bid."),
        "forced_bid": _("With both jokers you must bid, at 8 or more."),
        "wrong_phase": _("That move does not belong to this phase of the hand."),
        "hand_over": _("The hand is over."),
        "game_over": _("The game is over."),
        "joker_needs_suit": _("Name the suit your joker asks for."),
        "must_play_joker": _("You must play the joker now."),
        "misere_too_early": _("Misère may be bid only after a bid of 7."),
        "no_misere": _("This variant has no misère."),
        "not_leading": _("A joker names a suit only when it is led."),
        "cannot_name_joker": _("The joker cannot be named now."),
        "joker_is_trump": _("In a suit contract the joker is a trump: it names no suit."),
        "unknown_action": _("Unknown move."),
        "unknown_card": _("Unknown card."),
        "suit_not_led_yet": _("The joker may ask for a suit only after that suit was led."),
        "suit_already_led": _("The joker may ask only for a suit not yet led."),
        "joker_lead_last_trick": _(
            "Every suit was led: the joker may be led only to the last trick."
        ),
        "claim_not_in_play": _("You may claim only during the play of the cards."),
        "claim_pending": _("A claim is waiting: accept it or refuse it."),
        "claim_misere": _("There are no claims in a misère."),
        "claim_refused_this_trick": _(
            "Your claim was refused: you may claim again at the next trick."
        ),
        "no_claim": _("There is no claim to answer."),
        # 450 (games.engine.four_fifty)
        "must_cut": _("You cannot follow: you must cut."),
        "spade_only_cuts": _("A spade cuts only when you cannot follow."),
        "tour_a_pique": _("The spade round: discard a spade while you have one."),
        "tour_a_pique_best": _("The spade round of the 3 of spades: discard your best spade."),
        "couleur": _("Couleur: five cards of this suit in a row, discard another suit."),
        "suite_majeure_late": _("A major sequence is announced before your first discard."),
        "suite_majeure_twice": _("You have already announced a major sequence."),
        "not_a_major_sequence": _("These cards are not a major sequence."),
        "not_leftover": _("That card is not one of the two left after the deal."),
        "round_over": _("The round is over."),
        "must_pass": _("You must pass in this hand (set or breached last hand)."),
        "partner_joker": _("The partner card may not be a joker."),
        "partner_own_card": _("You hold that card: name a card another player holds."),
        "card_not_in_deck": _("That card is not in this deck."),
    }
    message = messages.get(code)
    if message is None:
        return _("This move is not allowed now (%(detail)s).") % {"detail": str(error)}
    if code == "must_follow" and params.get("top"):
        return _("You must follow %(card)s by rank or by suit.") % {"card": params["top"]}
    if code == "must_follow" and params.get("suit"):
        return _("You must follow %(suit)s.") % {"suit": suit_name(params["suit"])}
    return message


def refusal_error(refused) -> TableError:
    """The TableError for a move the pipeline refused (``games.live.moves.Refused``)."""
    if refused.cause is not None:
        return TableError(refused.code, engine_message(refused.cause))
    messages = {
        "not_playing": _("The game is not in progress."),
        "not_seated": _("You are watching this table: you have no cards."),
        "no_hand": _("No hand is being played."),
        "not_your_turn": _("It is not your turn."),
        "hand_over": _("The hand is over: the next deal comes when everyone is ready."),
        "already_ready": _("You are ready for the next deal: waiting for the others."),
        "not_in_review": _("No hand is waiting for the next deal."),
        "review_not_over": _("The hand review is not over."),
        "takeback_tournament": _("Moves are never taken back at a tournament's table."),
        "takeback_none": _(
            "You have no move to take back: the next player has acted, or the hand is over."
        ),
        "takeback_pending": _("A request to take back a move is already waiting for answers."),
        "takeback_asked": _("You already asked to take back this move."),
        "takeback_no_request": _("No request to take back a move is waiting for an answer."),
        "takeback_not_asked": _("This request is not waiting for your answer."),
    }
    return TableError(refused.code, messages.get(refused.code, _("This move is not allowed now.")))


def stale_error() -> TableError:
    return TableError("stale", _("The table moved on: your screen is refreshed."))


def no_table_error() -> TableError:
    return TableError("no_table", _("This table does not exist."))
