"""The arena command with search bots: seat rotation, budgets, search speed, SPRT."""
import json
import math

from brewhouse.cli import main, sprt_llr


def arena(capsys, *argv):
    assert main(["arena", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_arena_with_search_bots_reports_speed_and_is_reproducible_in_fixed_mode(capsys):
    argv = ["rush", "--a", "easy", "--b", "random", "--games", "2", "--seed", "5", "--iterations", "3"]
    assert main(["arena", *argv, "--progress"]) == 0
    assert capsys.readouterr().err.count("game ") == 2
    first = arena(capsys, *argv)
    assert first["games"] == 2 and first["bot_options"] == {"iterations": 3}
    assert first["ci95"][0] <= first["a_win_rate"] <= first["ci95"][1]
    assert first["search"]["a"]["iterations_per_search"] == 3.0
    assert first["search"]["a"]["iterations_per_second"] > 0
    assert first["search"]["b"] == {"searched_decisions": 0, "iterations_per_search": 0, "iterations_per_second": 0.0}
    second = arena(capsys, *argv)
    for result in (first, second):
        result.pop("mean_decision_ms")
        for side in result["search"].values():
            side.pop("iterations_per_second")
    assert first == second


def test_sprt_stops_early_once_decided(toy_registry, monkeypatch, capsys):
    import brewhouse.cli as cli

    monkeypatch.setattr(cli, "REGISTRY", toy_registry)
    # equal bots: "A scores 0.8" is soon rejected
    result = arena(capsys, "toy", "--a", "random", "--b", "random", "--games", "200", "--seed", "1",
                   "--sprt", "--p0", "0.5", "--p1", "0.8")
    sprt = result["sprt"]
    assert sprt["decision"] == "H0" and sprt["llr"] <= sprt["bounds"][0]
    assert result["games"] < 200 and result["games"] % 2 == 0  # stops after whole seat-rotated pairs


def test_sprt_log_likelihood_ratio():
    assert sprt_llr(0, 0, 0.5, 0.6) == 0
    assert sprt_llr(10, 10, 0.5, 0.6) > 0 > sprt_llr(0, 10, 0.5, 0.6)
    assert abs(sprt_llr(5, 10, 0.5, 0.6) - (5 * math.log(1.2) + 5 * math.log(0.8))) < 1e-12


def test_arena_rejects_bad_budgets(capsys):
    assert main(["arena", "rush", "--a", "easy", "--b", "random", "--iterations", "0"]) == 2
    assert main(["arena", "rush", "--a", "easy", "--b", "random", "--scale", "0"]) == 2
    assert main(["arena", "rush", "--a", "easy", "--b", "random", "--sprt", "--p0", "0.7", "--p1", "0.6"]) == 2
    assert capsys.readouterr().err.count("error:") == 3
