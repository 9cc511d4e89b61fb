from django.core.management.base import BaseCommand

from club.translations import compile_stale_catalogs


class Command(BaseCommand):
    help = "Compile locale/*/LC_MESSAGES/*.po to .mo with pure Python (no GNU gettext needed)."

    def add_arguments(self, parser):
        parser.add_argument("--force", action="store_true", help="Recompile every catalog.")

    def handle(self, *args, force=False, **options):
        written = compile_stale_catalogs(force=force)
        for path in written:
            self.stdout.write(f"compiled {path}")
        self.stdout.write(self.style.SUCCESS(f"{len(written)} catalog(s) compiled."))
