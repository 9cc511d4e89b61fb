"""Settings come from the environment: database, channel layer, cache."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from club.config import cache_config, channel_layers, database_config, env_bool, env_list

ROOT = Path(__file__).resolve().parents[2]


def test_sqlite_url_relative_to_project_and_absolute():
    rel = database_config("sqlite:///db.sqlite3", base_dir=Path("/srv/club"))
    assert rel["ENGINE"] == "django.db.backends.sqlite3"
    assert rel["NAME"] == "/srv/club/db.sqlite3"
    assert (
        database_config("sqlite:////var/lib/club.db", base_dir=Path("/x"))["NAME"]
        == "/var/lib/club.db"
    )
    assert database_config("sqlite://:memory:", base_dir=Path("/x"))["NAME"] == ":memory:"


def test_postgres_url_uses_psycopg_pool_and_no_persistent_connections():
    db = database_config(
        "postgres://club:s%40cret@db.local:5433/club500?sslmode=require&pool_max_size=30",
        base_dir=Path("/x"),
    )
    assert db["ENGINE"] == "django.db.backends.postgresql"
    assert (db["NAME"], db["USER"], db["PASSWORD"], db["HOST"], db["PORT"]) == (
        "club500",
        "club",
        "s@cret",
        "db.local",
        "5433",
    )
    assert db["CONN_MAX_AGE"] == 0
    assert db["OPTIONS"]["sslmode"] == "require"
    assert db["OPTIONS"]["pool"]["max_size"] == 30


def test_postgres_pool_can_be_turned_off():
    db = database_config("postgresql://u@h/n", base_dir=Path("/x"), pool=False)
    assert "pool" not in db["OPTIONS"]


def test_unknown_database_scheme_is_a_clear_error():
    with pytest.raises(ValueError, match="unsupported scheme 'mysql'"):
        database_config("mysql://u@h/n", base_dir=Path("/x"))


def test_without_redis_the_channel_layer_is_in_memory():
    assert channel_layers(None)["default"]["BACKEND"] == "channels.layers.InMemoryChannelLayer"
    assert cache_config(None)["default"]["BACKEND"].endswith("LocMemCache")


def test_with_redis_the_channel_layer_neither_times_out_nor_caps_connections_low():
    layer = channel_layers("redis://127.0.0.1:6379/0")["default"]
    assert layer["BACKEND"] == "channels_redis.pubsub.RedisPubSubChannelLayer"
    host = layer["CONFIG"]["hosts"][0]
    assert host["address"] == "redis://127.0.0.1:6379/0"
    assert host["socket_timeout"] is None
    assert host["max_connections"] >= 1000
    assert cache_config("redis://h:1/0")["default"]["BACKEND"].endswith("RedisCache")


def test_core_redis_layer_has_a_capacity_far_above_the_default():
    layer = channel_layers("redis://h:1/0", backend="core")["default"]
    assert layer["BACKEND"] == "channels_redis.core.RedisChannelLayer"
    assert layer["CONFIG"]["capacity"] >= 10_000
    with pytest.raises(ValueError, match="unknown backend"):
        channel_layers("redis://h:1/0", backend="rabbit")


def test_env_helpers():
    assert env_bool(None, True) is True
    assert env_bool("off", True) is False
    assert env_bool("Yes", False) is True
    with pytest.raises(ValueError):
        env_bool("maybe", False)
    assert env_list("a.example, b.example,,", []) == ["a.example", "b.example"]


def _settings_in_subprocess(**env) -> dict:
    code = (
        "import json, django; django.setup(); from django.conf import settings;"
        "print(json.dumps({'layer': settings.CHANNEL_LAYERS['default']['BACKEND'],"
        "'db': settings.DATABASES['default']['ENGINE'], 'debug': settings.DEBUG,"
        "'layer_prefix': settings.CHANNEL_LAYERS['default'].get('CONFIG', {}).get('prefix'),"
        "'cache_prefix': settings.CACHES['default'].get('KEY_PREFIX')}))"
    )
    full_env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("REDIS_URL", "REDIS_PREFIX", "DATABASE_URL")
    }
    full_env.update(DJANGO_SETTINGS_MODULE="club.settings", **env)
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=full_env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_redis_url_switches_the_channel_layer_of_the_site():
    assert _settings_in_subprocess()["layer"] == "channels.layers.InMemoryChannelLayer"
    with_redis = _settings_in_subprocess(REDIS_URL="redis://127.0.0.1:6399/0")
    assert with_redis["layer"] == "channels_redis.pubsub.RedisPubSubChannelLayer"
    assert with_redis["layer_prefix"] == with_redis["cache_prefix"] == "club500"


def test_redis_prefix_keeps_sites_sharing_one_redis_apart():
    """REDIS_PREFIX starts the channel layer's channel names and the cache's keys (a Redis
    database number would not separate pub/sub channels)."""
    shared = _settings_in_subprocess(
        REDIS_URL="redis://127.0.0.1:6399/0", REDIS_PREFIX="club500-second"
    )
    assert shared["layer_prefix"] == shared["cache_prefix"] == "club500-second"
    for backend in ("pubsub", "core"):
        layer = channel_layers("redis://h:1/0", backend=backend, prefix="other")["default"]
        assert layer["CONFIG"]["prefix"] == "other"
    assert cache_config("redis://h:1/0", prefix="other")["default"]["KEY_PREFIX"] == "other"


def test_secret_key_is_required_when_debug_is_off():
    code = "import django; django.setup()"
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SECRET_KEY"}
    env.update(DJANGO_SETTINGS_MODULE="club.settings", DJANGO_DEBUG="0")
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert out.returncode != 0
    assert "DJANGO_SECRET_KEY must be set" in out.stderr
    env["DJANGO_SECRET_KEY"] = "x" * 50
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env).returncode == 0
