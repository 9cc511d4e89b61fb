from django.urls import path

from games import views

app_name = "games"
urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("<int:table_id>/", views.table_page, name="table"),
    path("<int:table_id>/join/<str:token>/", views.table_invite, name="table_invite"),
    path("<int:table_id>/sit/", views.table_sit, name="table_sit"),
    path("<int:table_id>/leave/", views.table_leave, name="table_leave"),
    path("<int:table_id>/bot/", views.table_bot, name="table_bot"),
    path("<int:table_id>/bot-level/", views.table_bot_level, name="table_bot_level"),
    path("<int:table_id>/fill-bots/", views.table_fill_bots, name="table_fill_bots"),
    path("<int:table_id>/start/", views.table_start, name="table_start"),
    path("<int:table_id>/rematch/", views.table_rematch, name="table_rematch"),
    path("<int:table_id>/rematch/answer/", views.table_rematch_answer, name="table_rematch_answer"),
    path("<int:table_id>/seats/bot/", views.seat_bot, name="seat_bot"),
    path("<int:table_id>/seats/free/", views.seat_free, name="seat_free"),
    path("<int:table_id>/hands/<int:number>/", views.hand_replay, name="hand_replay"),
    path(
        "<int:table_id>/hands/<int:number>/thoughts/<int:step>/",
        views.hand_thoughts,
        name="hand_thoughts",
    ),
    path(
        "<int:table_id>/hands/<int:number>/record.json",
        views.hand_record_download,
        name="hand_record",
    ),
    path("<int:table_id>/records.json", views.game_records_download, name="game_records"),
]
