import importlib

from django.core.management.base import BaseCommand

# Each app that has demo data exposes ``demo.seed(stdout)``; order matters.
DEMO_MODULES = ["club.demo", "games.demo", "tournaments.demo"]


class Command(BaseCommand):
    help = "Create the demo club (members, director, admin, and each app's demo data). Idempotent."

    def handle(self, *args, **options):
        for name in DEMO_MODULES:
            try:
                module = importlib.import_module(name)
            except ModuleNotFoundError as exc:
                if exc.name != name:
                    raise
                continue
            module.seed(stdout=self.stdout)
        self.stdout.write(self.style.SUCCESS("Demo club ready."))
