from django.urls import path

from tournaments.views import feed, manage, pages, rounds

app_name = "tournaments"

urlpatterns = [
    path("", pages.calendar, name="calendar"),
    path("calendar.ics", feed.calendar_ics, name="ics"),
    path("new/", manage.create, name="create"),
    path("<int:pk>/", pages.detail, name="detail"),
    path("<int:pk>/my-seat/", pages.my_seat, name="my_seat"),
    path("<int:pk>/register/", pages.register, name="register"),
    path("<int:pk>/withdraw/", pages.withdraw, name="withdraw"),
    path("<int:pk>/partner/", pages.partner_answer, name="partner_answer"),
    path("<int:pk>/looking/", pages.looking, name="looking"),
    path("<int:pk>/check-in/code/", pages.checkin_code, name="checkin_code"),
    path("<int:pk>/projector/", pages.projector, name="projector"),
    path("<int:pk>/projector/tables/", pages.projector_tables, name="projector_tables"),
    path("<int:pk>/edit/", manage.edit, name="edit"),
    path("<int:pk>/copy/", manage.copy, name="copy"),
    path("<int:pk>/status/", manage.transition, name="transition"),
    path("<int:pk>/entries/", manage.entries, name="entries"),
    path("<int:pk>/entries/walk-in/", manage.walkin, name="walkin"),
    path("<int:pk>/entries/<int:entry_id>/remove/", manage.entry_remove, name="entry_remove"),
    path("<int:pk>/check-in/", manage.checkin, name="checkin"),
    path("<int:pk>/check-in/<int:entry_id>/", manage.checkin_toggle, name="checkin_toggle"),
    path("<int:pk>/constraints/", manage.constraints, name="constraints"),
    path("<int:pk>/constraints/<int:constraint_id>/remove/", manage.constraint_remove,
         name="constraint_remove"),
    path("<int:pk>/rounds/", rounds.index, name="rounds"),
    path("<int:pk>/rounds/draw/", rounds.draw, name="draw"),
    path("<int:pk>/rounds/<int:number>/", rounds.detail, name="round"),
    path("<int:pk>/rounds/<int:number>/swap/", rounds.swap, name="swap"),
    path("<int:pk>/rounds/<int:number>/bye/", rounds.move_bye, name="move_bye"),
    path("<int:pk>/rounds/<int:number>/publish/", rounds.publish, name="publish"),
    path("<int:pk>/rounds/<int:number>/start/", rounds.start_play, name="start_play"),
    path("<int:pk>/rounds/<int:number>/cards/", rounds.cards, name="cards"),
    path("<int:pk>/rounds/<int:number>/sheets/", rounds.sheets, name="sheets"),
]
