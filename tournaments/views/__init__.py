"""Tournament pages: members (pages), directors (manage, rounds), calendar feed (ical)."""
