"""The level of the bots replacing an absent member at a tournament's online tables."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0009_duplicate_boards"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="bot_level",
            field=models.CharField(
                choices=[("debutant", "Beginner"), ("club", "Club"), ("fort", "Strong")],
                default="debutant",
                help_text="At 500: Club and Strong bots search their card play; the bidding and the discards stay at the beginner's rules of thumb. At 450 the bots play their rules of thumb at every level.",
                max_length=10,
                verbose_name="level of the bots replacing an absent player",
            ),
        ),
    ]
