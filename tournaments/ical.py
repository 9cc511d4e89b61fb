"""iCalendar (RFC 5545) text for the tournament calendar feed. Pure: plain values in.

CRLF line endings, lines folded at 75 octets, TEXT values escaped, DTSTART/DTEND in
local time with ``TZID=America/Montreal`` and the matching VTIMEZONE block.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone

TZID = "America/Montreal"
VTIMEZONE = [
    "BEGIN:VTIMEZONE",
    f"TZID:{TZID}",
    "BEGIN:DAYLIGHT",
    "TZOFFSETFROM:-0500",
    "TZOFFSETTO:-0400",
    "TZNAME:EDT",
    "DTSTART:20070311T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
    "END:DAYLIGHT",
    "BEGIN:STANDARD",
    "TZOFFSETFROM:-0400",
    "TZOFFSETTO:-0500",
    "TZNAME:EST",
    "DTSTART:20071104T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
    "END:STANDARD",
    "END:VTIMEZONE",
]


@dataclass(frozen=True)
class Event:
    uid: str
    start: datetime  # aware, in America/Montreal
    end: datetime  # aware, in America/Montreal
    summary: str
    description: str = ""
    location: str = ""
    url: str = ""
    cancelled: bool = False
    updated: datetime | None = None


def escape(text: str) -> str:
    return (
        text.replace("\\", "\\\\")
        .replace(";", "\\;")
        .replace(",", "\\,")
        .replace("\r\n", "\\n")
        .replace("\n", "\\n")
        .replace("\r", "\\n")
    )


def fold(line: str) -> list[str]:
    """Split a content line into pieces of at most 75 octets (continuations start " ")."""
    out, current, size, limit = [], "", 0, 75
    for char in line:
        width = len(char.encode("utf-8"))
        if size + width > limit:
            out.append(current)
            current, size, limit = " ", 1, 75
        current += char
        size += width
    out.append(current)
    return out


def _local(value: datetime) -> str:
    return value.strftime("%Y%m%dT%H%M%S")


def _utc(value: datetime) -> str:
    return value.astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")


def calendar(events: list[Event], *, name: str, now: datetime) -> str:
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Club 500//Tournaments//FR",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        f"X-WR-CALNAME:{escape(name)}",
        f"X-WR-TIMEZONE:{TZID}",
        *VTIMEZONE,
    ]
    for event in events:
        lines += [
            "BEGIN:VEVENT",
            f"UID:{event.uid}",
            f"DTSTAMP:{_utc(now)}",
            f"DTSTART;TZID={TZID}:{_local(event.start)}",
            f"DTEND;TZID={TZID}:{_local(event.end)}",
            f"SUMMARY:{escape(event.summary)}",
        ]
        if event.updated:
            lines.append(f"LAST-MODIFIED:{_utc(event.updated)}")
        if event.location:
            lines.append(f"LOCATION:{escape(event.location)}")
        if event.description:
            lines.append(f"DESCRIPTION:{escape(event.description)}")
        if event.url:
            lines.append(f"URL:{event.url}")
        lines.append(f"STATUS:{'CANCELLED' if event.cancelled else 'CONFIRMED'}")
        lines.append("END:VEVENT")
    lines.append("END:VCALENDAR")
    return "".join(piece + "\r\n" for line in lines for piece in fold(line))
