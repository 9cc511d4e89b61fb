import importlib

from django.core.management.base import BaseCommand
from django.test.utils import override_settings

# Each app that has demo data exposes ``demo.seed(stdout)``; order matters.
DEMO_MODULES = ["club.demo", "games.demo", "tournaments.demo"]


class Command(BaseCommand):
    help = "Create the demo club (members, director, admin, and each app's demo data). Idempotent."

    def handle(self, *args, **options):
        # The demo's events (a finished tournament's results) email nobody: its
        # members' addresses are made up.
        with override_settings(EMAIL_BACKEND="django.core.mail.backends.dummy.EmailBackend"):
            self._seed()
        self.stdout.write(self.style.SUCCESS("Demo club ready."))

    def _seed(self):
        for name in DEMO_MODULES:
            try:
                module = importlib.import_module(name)
            except ModuleNotFoundError as exc:
                if exc.name != name:
                    raise
                continue
            module.seed(stdout=self.stdout)
