from django.apps import AppConfig
from django.db.backends.signals import connection_created
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _

from club.names import register_sqlite_collation
from club.translations import compile_stale_catalogs, reset_translation_caches


class ClubConfig(AppConfig):
    name = "club"
    verbose_name = _("Club")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from club.roles import ensure_director_group  # noqa: PLC0415 (imports auth models: app registry must be ready)

        if compile_stale_catalogs():
            reset_translation_caches()
        post_migrate.connect(ensure_director_group, dispatch_uid="club.ensure_director_group")
        connection_created.connect(
            register_sqlite_collation, dispatch_uid="club.register_sqlite_collation"
        )
