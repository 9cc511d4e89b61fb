"""The bots' level of a table (``games.kinds.BOT_LEVELS``): "debutant" for every table so far."""

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0008_table_kind"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="bot_level",
            field=models.CharField(
                choices=[("debutant", "Beginner"), ("club", "Club"), ("fort", "Strong")],
                default="debutant",
                max_length=10,
                verbose_name="bot level",
            ),
        ),
        migrations.AddConstraint(
            model_name="table",
            constraint=models.CheckConstraint(
                condition=models.Q(("bot_level__in", ["debutant", "club", "fort"])),
                name="table_bot_level_valid",
            ),
        ),
    ]
