"""Activity log entries, rendered in the reader's language.

A service records what happened as a *kind* (``"round.published"``) and its
*parameters* (names and numbers as they were, codes such as a status or a seat); a
page renders the sentence when it is read, with the kind's translatable template, so a
French director reads French and an English one English. Apps register their kinds in
their ``AppConfig.ready`` (``register``); an entry of an unknown kind, or an older entry
without parameters, shows its stored English ``summary``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from django.utils.translation import gettext_lazy as _
from django.utils.translation import override

Template = Any  # a (lazy) string with %(name)s fields, or params -> such a string


@dataclass(frozen=True)
class Kind:
    label: Any
    template: Template
    formatters: dict[str, Callable[[Any], Any]] = field(default_factory=dict)


KINDS: dict[str, Kind] = {}


def register(kind: str, label, template: Template, **formatters: Callable) -> None:
    """Declare a kind: its label (admin filter), its sentence, how to show its codes."""
    KINDS[kind] = Kind(label, template, formatters)


def render(kind: str, params: dict | None) -> str | None:
    """The entry's sentence in the active language, or None when it cannot be built."""
    spec = KINDS.get(kind)
    if spec is None or not params:
        return None
    values = {}
    for name, value in params.items():
        formatter = spec.formatters.get(name)
        values[name] = formatter(value) if formatter is not None else value
    template = spec.template(params) if callable(spec.template) else spec.template
    try:
        return str(template) % values
    except (KeyError, TypeError, ValueError):
        return None


def render_english(kind: str, params: dict | None) -> str | None:
    """The sentence in English: the stored ``summary`` (admin search, older tools)."""
    with override("en"):
        return render(kind, params)


def kind_label(kind: str) -> str:
    spec = KINDS.get(kind)
    return str(spec.label) if spec is not None else kind


def kind_choices() -> list[tuple[str, str]]:
    """(kind, translated label) of every registered kind, by label."""
    return sorted(((k, str(spec.label)) for k, spec in KINDS.items()), key=lambda c: c[1])


register("member.approved", _("Member approved"), _("%(actor)s approved %(member)s (%(email)s)"))
