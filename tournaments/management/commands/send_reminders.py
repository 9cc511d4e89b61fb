"""``manage.py send_reminders``: email the day-before reminders that are due.

Safe to run as often as you like (every hour from cron, docs/operations.md): a member
is reminded of a tournament once (``club.notices``). Prints each reminder sent; exits
with status 1 when the mail server refused one (logged, and not tried again).
"""

from __future__ import annotations

from datetime import datetime

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from club.models import SentNotice
from tournaments.services.notices import REMINDER_HOUR, reminders_send


def _moment(text: str) -> datetime:
    moment = datetime.fromisoformat(text)
    return timezone.make_aware(moment) if timezone.is_naive(moment) else moment


class Command(BaseCommand):
    help = (
        "Email each member of a confirmed registration a reminder the day before the "
        f"tournament (from {REMINDER_HOUR}:00 local time). Idempotent: run it every hour."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--now",
            type=_moment,
            default=None,
            help="Act as if it were this moment (ISO 8601, local time if no offset).",
        )

    def handle(self, *args, now=None, **options):
        failed = []
        total = 0
        for tournament, members in reminders_send(now):
            if not members:
                continue
            when = timezone.localtime(tournament.starts_at).strftime("%Y-%m-%d %H:%M")
            self.stdout.write(f"{tournament.name} ({when}): {len(members)} reminder(s)")
            errors = dict(
                SentNotice.objects.filter(
                    kind="reminder", key=str(tournament.pk), member__in=members
                )
                .exclude(error="")
                .values_list("member_id", "error")
            )
            for member in members:
                if member.pk in errors:
                    failed.append(f"{member.email}: {errors[member.pk]}")
                    self.stdout.write(f"  {member.email}: failed")
                else:
                    self.stdout.write(f"  {member.email}")
            total += len(members)
        if failed:
            raise CommandError(
                f"{len(failed)} of {total} reminder(s) not sent:\n" + "\n".join(failed)
            )
        self.stdout.write(f"{total} reminder(s) sent." if total else "No reminder sent.")
