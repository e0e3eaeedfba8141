"""The solo measurement log and its summariser (``measurements/summarize.py``)."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("summarize", ROOT / "measurements" / "summarize.py")
summarize = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(summarize)  # type: ignore[union-attr]


def test_progress_lines_are_read_and_other_lines_skipped(tmp_path):
    log = tmp_path / "run.log"
    log.write_text("# a chunk\ngame seed 3: scores [44]\nCafé: 2 games\ngame seed 1: scores [30]\n"
                   "game seed 3: scores [44]\n")
    assert summarize.read_scores([str(log)]) == {3: 44, 1: 30}


def test_a_seed_logged_with_two_scores_is_an_error(tmp_path):
    log = tmp_path / "run.log"
    log.write_text("game seed 3: scores [44]\ngame seed 3: scores [43]\n")
    with pytest.raises(SystemExit, match="seed 3 scored 43, earlier 44"):
        summarize.read_scores([str(log)])


def test_a_missing_log_is_a_clear_error(tmp_path):
    with pytest.raises(SystemExit, match="missing.log: cannot read the log"):
        summarize.main([str(tmp_path / "missing.log")])


def test_the_summary_gives_mean_quartiles_and_bands(tmp_path, capsys):
    log = tmp_path / "run.log"
    log.write_text("".join(f"game seed {s}: scores [{x}]\n" for s, x in [(1, 14), (2, 30), (3, 36), (4, 41), (7, 29)]))
    summarize.main([str(log)])
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "games 5, seeds 1-4, 7"
    assert out[1].startswith("mean 30.00 (standard error 4.55;")
    assert out[2] == "min, quartiles, max [14, 29, 30, 36, 41]"
    assert out[3] == ("bands mediocre 1 (20.0%), average 0 (0.0%), good 1 (20.0%), very_good 1 (20.0%), "
                      "excellent 1 (20.0%), exceptional 1 (20.0%)")


def test_two_logs_compare_seed_by_seed_on_the_seeds_they_share(tmp_path, capsys):
    old, new = tmp_path / "old.log", tmp_path / "new.log"
    old.write_text("".join(f"game seed {s}: scores [{x}]\n" for s, x in [(1, 30), (2, 30), (3, 40), (9, 20)]))
    new.write_text("".join(f"game seed {s}: scores [{x}]\n" for s, x in [(1, 32), (2, 30), (3, 43), (4, 50)]))
    summarize.main([str(new), "--against", str(old)])
    last = capsys.readouterr().out.splitlines()[-1]
    assert last == ("paired on 3 seeds (1-3): 33.33 before, 35.00 after, +1.67 (standard error 0.88); "
                    "2 better, 1 equal, 0 worse")


def test_the_committed_logs_agree_with_themselves():
    logs = sorted((ROOT / "measurements").glob("*.log"))
    assert logs, "measurements/ holds the solo logs the notes quote"
    for log in logs:
        assert summarize.read_scores([str(log)]), log


_scen = importlib.util.spec_from_file_location("scenarios_log", ROOT / "measurements" / "scenarios.py")
scenarios_log = importlib.util.module_from_spec(_scen)
_scen.loader.exec_module(scenarios_log)  # type: ignore[union-attr]


def test_scenario_logs_pair_verdicts_and_settle_old_ones_from_scores(tmp_path):
    old = tmp_path / "old.txt"
    old.write_text("## ao_amor seeds 1-2\nao_amor game seed 1: scores [30.0, 20.0]\nao_amor game seed 2: scores [9.0, 20.0]\n"
                   "# wins 1 of 2 | mean scores\n## after_hours seeds 1-1\nafter_hours game seed 1: scores [40.0, 9.0]\n"
                   "# wins 0 of 1 | mean scores\n## cafe_quorra seeds 1-1\ncafe_quorra game seed 1: scores [40.0, 9.0]\n"
                   "# wins 1 of 1 | mean scores\n")
    new = tmp_path / "new.txt"
    new.write_text("ao_amor game seed 2: scores [21.0, 20.0] | won: more Good Reviews than Starbots\n"
                   "after_hours game seed 1: scores [30.0, 9.0] | lost: 1 Bad Review(s)\n")
    before = scenarios_log.read(str(old))
    assert before["ao_amor"] == {1: (30.0, 20.0, True), 2: (9.0, 20.0, False)}
    assert before["after_hours"][1][2] is False and before["cafe_quorra"][1][2] is None  # a won block: unsettled
    out = scenarios_log.summary(scenarios_log.read(str(new)), before)
    assert out[0].startswith("ao_amor: won 1 of 1 (seeds 2-2); the same 1 games before: won 0;")
    assert "won now and lost before 1" in out[0] and "+12.0 a game" in out[0]
    assert out[-1] == "all: won 1 of 2 (50%); the same 2 games before: won 0"
    assert scenarios_log.summary(scenarios_log.read(str(new)))[-1] == "all: won 1 of 2 (50%)"
    # logs read as one: a later one's game replaces the same seed's, the others add up
    rerun = tmp_path / "rerun.txt"
    rerun.write_text("after_hours game seed 1: scores [31.0, 9.0] | won: more Good Reviews than Starbots and no Bad Review\n"
                     "after_hours game seed 2: scores [20.0, 29.0] | lost: 2 Bad Review(s)\n")
    both = scenarios_log.read_all([str(new), str(rerun)])
    assert both["after_hours"] == {1: (31.0, 9.0, True), 2: (20.0, 29.0, False)} and both["ao_amor"] == {2: (21.0, 20.0, True)}
    assert scenarios_log.summary(both)[-1] == "all: won 2 of 3 (67%)"
    # "log@a,b": only those scenarios of that log
    some = scenarios_log.read_all([str(old) + "@ao_amor,cafe_quorra", str(rerun)])
    assert sorted(some) == ["after_hours", "ao_amor", "cafe_quorra"] and some["after_hours"] == both["after_hours"]
    assert some["ao_amor"] == before["ao_amor"]
    rows = scenarios_log.table(both)  # the booklet's order: After Hours before AO Amor
    assert rows[2] == "| After Hours | 2 | 25.5 | 19.0 | 1 (50%, 95% CI 9-91%) |"
    assert rows[3] == "| AO Amor | 1 | 21.0 | 20.0 | 1 (100%, 95% CI 21-100%) |"
    assert rows[-1] == "| all | 3 | | | 2 (67%, 95% CI 21-94%) |"
    apart = scenarios_log.summary({"ao_amor": {7: (1.0, 2.0, False)}}, before)  # no seed in common
    assert apart[0] == "ao_amor: won 0 of 1 (seeds 7-7); no seed of it in the older log"
