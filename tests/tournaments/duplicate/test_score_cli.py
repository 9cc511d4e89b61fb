"""``python -m tournaments.duplicate score FILE``: output, errors, exit status, purity."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tournaments.duplicate import score

from .util import EXAMPLE, example

ROOT = Path(__file__).resolve().parents[3]


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    proc = subprocess.run(
        [sys.executable, "-m", "tournaments.duplicate", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        env={"PATH": "/usr/bin:/bin", "PYTHONIOENCODING": "utf-8"},
    )
    assert "Traceback" not in proc.stderr and "Traceback" not in proc.stdout
    return proc.returncode, proc.stdout, proc.stderr


def test_scores_a_file_and_prints_one_json_object(tmp_path):
    path = tmp_path / "results.json"
    path.write_text(json.dumps(EXAMPLE))
    status, out, err = run("score", str(path))
    assert (status, err) == (0, "")
    assert out.endswith("\n") and out.count("\n") == 1
    assert json.loads(out) == score(EXAMPLE)
    assert out.startswith('{"boards": [{"board": 1, "top": 4.0, "results": [{"table": 1, ')


def test_reads_standard_input_with_a_dash_and_keeps_names_readable():
    data = example()
    data["boards"][0]["results"][0]["NS"] = ["Émile", "p02"]
    status, out, _ = run("score", "-", stdin=json.dumps(data))
    assert status == 0 and '"player": "Émile"' in out


def test_a_file_breaking_a_rule_exits_1_naming_board_and_table_with_nothing_on_stdout():
    data = example()
    data["boards"][0]["results"][1]["adjusted"] = {"NS": "A", "EW": "A"}
    status, out, err = run("score", "-", stdin=json.dumps(data))
    assert (status, out) == (1, "")
    assert err == (
        "tournaments.duplicate: <stdin>: board 1, table 2: a result both scored and adjusted\n"
    )


def test_an_error_of_the_whole_file_gives_the_reason_alone():
    status, out, err = run("score", "-", stdin='{"format": "club500-hand/1", "boards": []}')
    assert (status, out) == (1, "")
    assert err.startswith("tournaments.duplicate: <stdin>: unknown format 'club500-hand/1'")


def test_input_that_is_not_json_exits_2():
    status, out, err = run("score", "-", stdin="board 1: 240 - 20\n")
    assert (status, out) == (2, "")
    assert err.startswith("tournaments.duplicate: <stdin>: not JSON (")


def test_json_nested_too_deeply_exits_2_without_a_traceback():
    status, out, err = run("score", "-", stdin="[" * 100_000 + "]" * 100_000)
    assert (status, out) == (2, "") and "nested too deeply" in err


def test_a_missing_file_exits_2(tmp_path):
    status, out, err = run("score", str(tmp_path / "none.json"))
    assert (status, out) == (2, "")
    assert "cannot read: No such file or directory" in err


def test_misuse_prints_the_usage_and_exits_2_help_exits_0():
    assert run()[0] == 2 and "usage:" in run()[2]
    assert run("score")[0] == 2
    assert run("score", "a", "b")[0] == 2
    assert run("tally", "-")[0] == 2
    status, out, _ = run("score", "--help")
    assert status == 0 and out.startswith("usage: python -m tournaments.duplicate score FILE")


def test_the_command_and_every_module_load_no_django():
    code = (
        "import pkgutil, runpy, sys, io\n"
        "import tournaments.duplicate as d\n"
        "for m in pkgutil.walk_packages(d.__path__, 'tournaments.duplicate.'):\n"
        "    if not m.name.endswith('__main__'):\n"
        "        __import__(m.name)\n"
        f"sys.stdin = io.StringIO({json.dumps(EXAMPLE)!r})\n"
        "sys.argv = ['x', 'score', '-']\n"
        "try:\n"
        "    runpy.run_module('tournaments.duplicate', run_name='__main__')\n"
        "except SystemExit as e:\n"
        "    assert e.code == 0, e.code\n"
        "bad = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "assert not bad, bad\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0, proc.stderr
