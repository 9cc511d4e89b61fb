"""A table's game kind (``games.kinds``) stored in its own field: the tables of 450 (their
variant is "450") get kind "450", every other table "500"."""

from django.conf import settings
from django.db import migrations, models


def kinds_from_variants(apps, schema_editor):
    Table = apps.get_model("games", "Table")
    Table.objects.filter(variant="450").update(kind="450")


def variants_keep_kinds(apps, schema_editor):
    """Backwards: the variant still says it; the field goes."""


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0007_table_chat_and_seats"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="kind",
            field=models.CharField(
                choices=[("500", "500"), ("450", "450")],
                default="500",
                editable=False,
                max_length=3,
                verbose_name="game",
            ),
        ),
        migrations.RunPython(kinds_from_variants, variants_keep_kinds),
        migrations.AddConstraint(
            model_name="table",
            constraint=models.CheckConstraint(
                condition=models.Q(("kind__in", ["500", "450"])), name="table_kind_valid"
            ),
        ),
    ]
