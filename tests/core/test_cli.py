"""The command line: games, simulate, arena, bench."""
import json
import subprocess
import sys

import pytest

from brewhouse.cli import main


def run(*args):
    return subprocess.run([sys.executable, "-m", "brewhouse", *args], capture_output=True, text=True)


def test_games_lists_the_three_games_as_json():
    out = run("games", "--json")
    assert out.returncode == 0
    games = {g["id"]: g for g in json.loads(out.stdout)}
    assert set(games) == {"seize", "cafe", "rush"}


@pytest.mark.parametrize("argv", [
    ["simulate", "nope", "--players", "2"],
    ["arena", "nope", "--a", "random", "--b", "random"],
    ["bench", "nope"],
])
def test_unknown_games_exit_2_with_one_clear_line(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: unknown game") and err.count("\n") == 1


def test_simulate_and_arena_with_a_playable_game(toy_registry, monkeypatch, capsys):
    import brewhouse.cli as cli

    monkeypatch.setattr(cli, "REGISTRY", toy_registry)
    assert main(["simulate", "toy", "--players", "3", "--bots", "random", "--games", "20", "--seed", "4", "--json"]) == 0
    sim = json.loads(capsys.readouterr().out)
    assert sim["games"] == 20 and abs(sum(sim["win_rate"]) - 1) < 1e-9
    assert main(["arena", "toy", "--a", "random", "--b", "random", "--games", "40", "--seed", "1", "--json"]) == 0
    arena = json.loads(capsys.readouterr().out)
    assert arena["games"] == 40 and arena["ci95"][0] <= arena["a_win_rate"] <= arena["ci95"][1]


def test_arena_is_reproducible(toy_registry, monkeypatch, capsys):
    import brewhouse.cli as cli

    monkeypatch.setattr(cli, "REGISTRY", toy_registry)
    outputs = []
    for _ in range(2):
        main(["arena", "toy", "--a", "random", "--b", "random", "--games", "10", "--seed", "3", "--json"])
        result = json.loads(capsys.readouterr().out)
        result.pop("mean_decision_ms")
        outputs.append(result)
    assert outputs[0] == outputs[1]


def test_bench_prints_what_it_measured():
    out = run("bench", "--json", "--scale", "0.1")
    assert out.returncode == 0
    result = json.loads(out.stdout)
    assert result["core"]["iterations"] == 30 and result["core"]["seconds"] > 0


def test_simulate_solo_against_starbots(capsys):
    assert main(["simulate", "seize", "--starbots", "5", "--bots", "random", "--games", "4", "--seed", "2", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["seats"] == ["random", "starbots-5"] and len(result["mean_score"]) == 2
    assert abs(sum(result["win_rate"]) - 1) < 1e-9
    for argv in (["simulate", "seize", "--starbots", "21"], ["simulate", "rush", "--starbots", "3"],
                 ["simulate", "seize"]):
        assert main(argv) == 2
        assert capsys.readouterr().err.startswith("error: ")


def test_simulate_reports_length_decisions_and_speed(capsys):
    assert main(["simulate", "seize", "--players", "2", "--bots", "random", "--games", "3", "--seed", "1",
                 "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert 1 <= result["mean_days"] <= 20
    assert result["decisions_per_game"] == result["mean_plies"] > 50
    assert result["games_per_second"] > 0
    assert main(["simulate", "seize", "--players", "2", "--games", "1", "--seed", "1"]) == 0
    assert "days" in capsys.readouterr().out


def test_simulate_in_workers_gives_the_same_games_and_reports_each_in_seed_order(capsys):
    argv = ["simulate", "cafe", "--players", "1", "--games", "4", "--seed", "5", "--json"]
    assert main(argv) == 0
    alone = json.loads(capsys.readouterr().out)
    assert main(argv + ["--workers", "2", "--progress"]) == 0
    out = capsys.readouterr()
    pooled = json.loads(out.out)
    assert pooled["mean_score"] == alone["mean_score"]
    assert pooled["score_quartiles"] == alone["score_quartiles"]
    # the rate is games over the run's wall-clock time, game time is summed over the games
    for run in (alone, pooled):
        assert run["games_per_second"] == pytest.approx(4 / run["wall_seconds"], rel=0.05)
        assert run["seconds"] > 0
    assert (alone["workers"], pooled["workers"]) == (1, 2)
    assert alone["seconds"] <= alone["wall_seconds"]
    lines = out.err.splitlines()
    assert [line.split(":")[0] for line in lines] == [f"game seed {s}" for s in range(5, 9)]


def test_balance_report_command(capsys):
    assert main(["balance", "seize", "--games", "2", "--seed", "3", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert len(report["economy"]) == len(report["group_focus"]) == 6
    assert main(["balance", "cafe"]) == 2
    assert "no balance report" in capsys.readouterr().err


def test_bench_of_one_game_says_where_the_time_goes(capsys):
    assert main(["bench", "seize", "--scale", "0.2", "--json"]) == 0
    (seize,) = json.loads(capsys.readouterr().out)["games"]
    assert seize["name"] == "seize" and seize["games"] == 2 and seize["games_per_second"] > 0
    assert seize["plies"] > 100 and seize["decisions_per_second"] > 0
    parts = seize["breakdown"]
    assert set(parts) == {"setup", "legal_moves", "validate", "copy", "play"}
    assert 0 < sum(parts.values()) <= seize["seconds"] * 1.01
    assert main(["bench", "seize"]) == 0
    assert "decisions/s; time in setup" in capsys.readouterr().out


def test_config_option_reaches_the_game_and_bad_configs_are_clear(capsys):
    assert main(["simulate", "seize", "--players", "5", "--games", "1", "--json",
                 "--config", '{"district": "boxhagener_kiez", "difficulty": "hard", "opening": "official"}']) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["config"]["district"] == "boxhagener_kiez" and out["config"]["difficulty"] == ["hard"] * 5
    assert main(["simulate", "seize", "--players", "5", "--games", "1", "--config", '{"district": "mitte"}']) == 2
    assert "5-6" in capsys.readouterr().err
    assert main(["simulate", "seize", "--players", "2", "--games", "1", "--config", "[1, 2]"]) == 2
    assert "JSON object" in capsys.readouterr().err
    assert main(["simulate", "seize", "--players", "2", "--games", "1", "--config", '{"players": 3}']) == 2
    assert "--config says players" in capsys.readouterr().err
    assert main(["arena", "rush", "--a", "random", "--b", "random", "--games", "2",
                 "--config", '{"opening": "ristretto_espresso"}', "--json"]) == 0
    capsys.readouterr()
    assert main(["simulate", "cafe", "--players", "2", "--games", "1", "--config", '{"variant": "nope"}']) == 2


def test_cards_lists_every_card_a_setup_plays_with(capsys):
    assert main(["cards", "seize", "--config", '{"district": "mitte"}', "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    groups = {g for r in rows if r["kind"] == "customer" for g in r["groups"]}
    assert groups == {"hungry_media", "fashionistas", "performers", "party_animals", "tech_nerds", "start_uppers"}
    assert len(rows) == 6 * 21 + 4  # six groups' 21 cards and the Friends & Family
    journalist = next(r for r in rows if r["id"] == "journalist")
    assert journalist["ability"] == "newsflash" and journalist["main_order"] and journalist["name"] == "Journalist"
    assert main(["cards", "seize"]) == 0
    assert "Hatster" in capsys.readouterr().out
    for game in ("cafe", "rush"):
        assert main(["cards", game, "--json"]) == 0
        assert json.loads(capsys.readouterr().out)
    assert main(["cards", "seize", "--config", '{"district": "nowhere"}']) == 2
    assert "unknown district" in capsys.readouterr().err



def test_cards_lists_the_city_celebrities_and_the_founders_a_setup_plays_with(capsys):
    config = '{"packs": ["city_celebrities"], "founders": "base"}'
    assert main(["cards", "seize", "--config", config, "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    celebrities = [r for r in rows if r["kind"] == "celebrity"]
    founders = [r for r in rows if r["kind"] == "founder"]
    assert len(celebrities) == 13 and len(founders) == 12  # the pack's 13; the base deal's 12
    cubee = next(r for r in celebrities if r["id"] == "cubee")
    assert cubee["left_ability"] and cubee["right_ability"] and "*" in cubee["groups"]
    assert all(f["special"] and f["ability"] and f["main_order"] for f in founders)
    assert main(["cards", "seize", "--config", '{"founders": "all"}', "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert sum(r["kind"] == "founder" for r in rows) == 18 and not any(r["kind"] == "celebrity" for r in rows)
    assert main(["cards", "seize", "--config", '{"players": 5, "district": "prenzlauer_berg", "founders": "all"}']) == 0
    assert "founder" in capsys.readouterr().out

def test_balance_of_a_district_covers_its_groups(capsys):
    assert main(["balance", "seize", "--district", "charlottenburg", "--games", "2", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [r["group"] for r in report["group_focus"]] == ["tourists", "hungry_media", "upper_class",
                                                            "board_game_geeks", "coffee_connoisseurs",
                                                            "street_smarts"]
    assert report["mean_decisions"] > 0
