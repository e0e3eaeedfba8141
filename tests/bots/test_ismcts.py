"""The ISMCTS search: information-set tree, availability counts, budgets, honesty."""
import copy
import time

import pytest

from brewhouse.bots import ISMCTSBot, LEVEL_SPECS, LEVELS, RandomBot, make_bot
from brewhouse.bots.ismcts import Heuristics, Node, SearchConfig, margin_rewards, search
from brewhouse.core import Match, Rng
from brewhouse.core.errors import BadRequest, DeterminizationUnavailable
from brewhouse.core.registry import REGISTRY
from bots_helpers import HiddenToy, walk
from support.toygame import ToyGame


def toy_position(seed=2):
    game = HiddenToy()
    state = game.setup(game.normalize_config({"players": 2}), seed)
    return game, state


def run_search(game, state, player, iterations=300, seed=1, **cfg):
    view = game.view(state, player)
    return search(game, game.determinizer(view, player).sample, player, game.legal_moves(state),
                  Heuristics(), SearchConfig(iterations=iterations, **cfg), Rng.from_seed(seed))


def nodes(node):
    yield node
    for child in node.children.values():
        yield from nodes(child)


def test_availability_counts_moves_legal_only_in_some_samples():
    game, state = toy_position()
    result = run_search(game, state, 0, iterations=400)
    assert result.iterations == 400 and sum(result.visits.values()) == 400
    partial = 0
    for node in nodes(result.root):
        for child in node.children.values():
            # a child can only be chosen when it was available, and only when its parent was reached
            assert child.visits <= child.avail <= node.visits
            partial += child.avail < node.visits - 1
    # the opponent's hidden hand differs between samples: its card plays are not always legal
    opp = [c for ch in result.root.children.values() for mid, c in ch.children.items() if mid.startswith("play:")]
    assert opp and any(c.avail < result.root.children[m].visits - 1
                       for m, ch in result.root.children.items() for c in ch.children.values())
    assert partial > 0


def test_root_moves_are_exactly_the_given_legal_moves():
    game, state = toy_position()
    result = run_search(game, state, 0, iterations=100)
    assert set(result.visits) == {m.id for m in game.legal_moves(state)}


def test_fixed_iterations_are_reproducible():
    game = REGISTRY.get("rush")
    state = [s for s in walk(game, {"players": 2}, 3, every=4)][6]
    player = game.active_player(state)
    view, moves = game.view(state, player), game.legal_moves(state)
    a, b = make_bot("normal", 5, iterations=60), make_bot("normal", 5, iterations=60)
    assert a.choose(game, view, moves) == b.choose(game, view, moves)
    assert a.last.visits == b.last.visits and a.last.iterations == 60


def test_time_budget_is_checked_inside_the_loop():
    game = REGISTRY.get("seize")
    state = game.setup(game.normalize_config({"players": 2}), 4)
    bot = make_bot("hard", 1)
    started = time.perf_counter()
    bot.choose(game, game.view(state, 0), game.legal_moves(state), budget_ms=50)
    elapsed = time.perf_counter() - started
    assert bot.last.iterations >= 1
    assert elapsed < 2.0  # generous: the point is that 50 ms, not hard's 0.9 s, bounds the search


def test_scale_and_fixed_options_shape_the_budget():
    bot = make_bot("easy", 1, fixed=True, scale=0.5)
    assert bot.search_config(None).iterations == round(LEVEL_SPECS["easy"].iterations * 0.5)
    bot = make_bot("hard", 1, scale=0.5)
    assert bot.search_config(None).seconds == pytest.approx(LEVEL_SPECS["hard"].seconds * 0.5)
    assert bot.search_config(100).seconds == pytest.approx(0.1)
    with pytest.raises(BadRequest):
        make_bot("hard", 1, iterations=0)


@pytest.mark.parametrize("game_id,players", [("rush", 2), ("rush", 3), ("seize", 2)])
def test_search_bots_always_return_legal_moves(game_id, players):
    game = REGISTRY.get(game_id)
    match = Match(game, {"players": players}, 7)
    bots = [make_bot(level, p, iterations=3) for p, level in
            zip(range(players), ["easy", "normal", "hard", "easy"])]
    while match.active_player is not None and match.ply < 400:
        p = match.active_player
        moves = game.legal_moves(match.state)
        move = bots[p].choose(game, game.view(match.state, p), moves)
        assert move in {m.id for m in moves}
        match.apply(move)


def _hide_differently(game_id, state, player):
    """A state that differs from ``state`` only in what ``player`` cannot see."""
    other = copy.deepcopy(state)
    rng = Rng.from_seed(99)
    other["rng"] = Rng.from_seed(12345).dump()  # the game's future chance
    if game_id == "seize":
        for row in other["city"]:
            rng.shuffle(row["deck"])
        for p, pl in enumerate(other["players"]):
            rng.shuffle(pl["deck"])
            if p != player and pl["deck"] and other["city"][0]["deck"]:
                # swap an opponent's deck card with a City customer: both unseen
                pl["deck"][0], other["city"][0]["deck"][0] = other["city"][0]["deck"][0], pl["deck"][0]
    else:
        rng.shuffle(other["deck"])
        for p, pl in enumerate(other["players"]):
            if p != player and pl["sent"] and other["deck"]:
                pl["sent"][0], other["deck"][0] = other["deck"][0], pl["sent"][0]
    return other


@pytest.mark.parametrize("game_id,seed,pick", [("seize", 3, 5), ("seize", 4, 12), ("rush", 5, 9), ("rush", 6, 14)])
def test_no_peeking(game_id, seed, pick):
    game = REGISTRY.get(game_id)
    state = [s for s in walk(game, {"players": 2}, seed, every=3) if len(game.legal_moves(s)) > 1][pick]
    player = game.active_player(state)
    other = _hide_differently(game_id, state, player)
    assert other != state
    assert game.view(other, player) == game.view(state, player)
    for level in ("easy", "hard"):
        a, b = make_bot(level, 11, iterations=40), make_bot(level, 11, iterations=40)
        assert (a.choose(game, game.view(state, player), game.legal_moves(state))
                == b.choose(game, game.view(other, player), game.legal_moves(other)))
        assert a.last.visits == b.last.visits


@pytest.mark.parametrize("scenario,seed,pick", [("after_hours", 3, 4), ("wurfel_zucker", 4, 9)])
def test_no_peeking_in_a_solo_scenario(scenario, seed, pick):
    """Playing for a scenario's conditions reads only the view (Starbots' face-down piles stay unseen)."""
    game = REGISTRY.get("seize")
    config = {"players": 1, "scenario": scenario}
    state = [s for s in walk(game, config, seed, every=3) if len(game.legal_moves(s)) > 1][pick]
    player = game.active_player(state)
    other = _hide_differently("seize", state, player)
    assert other != state and game.view(other, player) == game.view(state, player)
    a, b = make_bot("hard", 11, iterations=40), make_bot("hard", 11, iterations=40)
    assert (a.choose(game, game.view(state, player), game.legal_moves(state))
            == b.choose(game, game.view(other, player), game.legal_moves(other)))
    assert a.last.visits == b.last.visits


def test_the_rollout_length_is_the_games_for_the_position_searched():
    """A game may ask longer rollouts of some positions (Seize: a solo scenario); the search
    reads the length once, from its first sample, and no rollout plays past it."""
    class Counting(Heuristics):
        def __init__(self, length):
            self.length, self.longest, self.asked, self.plies = length, 0, 0, 0

        def rollout_length(self, game, state):
            self.asked += 1
            return self.length

        def policy(self, game, state, moves, rng):
            self.plies += 1
            self.longest = max(self.longest, self.plies)
            return super().policy(game, state, moves, rng)

        def rewards(self, game, state, final, baseline):
            self.plies = 0
            return super().rewards(game, state, final, baseline)

    game, state = toy_position()
    view = game.view(state, 0)
    for length in (1, 5):
        heur = Counting(length)
        search(game, game.determinizer(view, 0).sample, 0, game.legal_moves(state), heur,
               SearchConfig(iterations=60), Rng.from_seed(3))
        assert heur.asked == 1 and 1 <= heur.longest <= length


def test_level_registry():
    assert list(LEVELS) == ["random", "easy", "normal", "hard"]
    assert isinstance(make_bot("random", 1), RandomBot)
    make_bot("random", 1, fixed=True)  # options are ignored by the baseline
    specs = [LEVEL_SPECS[name] for name in ("easy", "normal", "hard")]
    for name, spec in zip(("easy", "normal", "hard"), specs):
        bot = make_bot(name, 3)
        assert isinstance(bot, ISMCTSBot) and bot.level == name and bot.spec is spec
    # stronger levels think longer and slip less; the browser budgets are 0.3 / 1 / 3 s at ~3x CPython
    assert [s.seconds for s in specs] == sorted(s.seconds for s in specs)
    assert [s.iterations for s in specs] == sorted(s.iterations for s in specs)
    assert [s.slip for s in specs] == sorted((s.slip for s in specs), reverse=True) and specs[2].slip == 0
    assert all(s.seconds * 3 <= b for s, b in zip(specs, (0.3, 1.0, 3.0)))
    with pytest.raises(BadRequest):
        make_bot("grandmaster", 1)


def test_search_bots_need_a_determinizer_and_a_player_view():
    toy = ToyGame()
    s = toy.setup(toy.normalize_config(None), 1)
    view = dict(toy.view(s, 0), viewer=0)
    with pytest.raises(DeterminizationUnavailable):
        make_bot("easy", 1).choose(toy, view, toy.legal_moves(s))
    game, state = toy_position()
    with pytest.raises(BadRequest):
        make_bot("easy", 1).choose(game, game.view(state, None), game.legal_moves(state))
    assert make_bot("easy", 1).choose(game, game.view(state, 0), game.legal_moves(state)[:1]) == \
        game.legal_moves(state)[0].id


def test_margin_rewards():
    assert margin_rewards([5, 5], 4) == [0.5, 0.5]
    r = margin_rewards([9, 3, 5], 4)
    assert r[0] > 0.5 > r[2] > r[1] and all(0 <= x <= 1 for x in r)
    assert margin_rewards([6, 5], 4)[0] < margin_rewards([12, 5], 4)[0]  # a bigger win is better
    assert margin_rewards([0, 5], 4, final=False)[0] < 0.5
    # solo: the margin is over the projected score, one point weighs as in a close game
    assert margin_rewards([30], 9, baseline=30) == [0.5]
    assert margin_rewards([31], 9, baseline=30)[0] - 0.5 == pytest.approx(margin_rewards([31, 30], 9, final=False)[0] - 0.5)


def test_api_bot_move_with_a_search_level():
    from brewhouse.api import Api

    api = Api()
    created = api.call("new_game", {"game": "rush", "config": {"players": 2}, "seed": 3})
    assert created["ok"]
    mid = created["result"]["match"]
    got = api.call("bot_move", {"match": mid, "level": "hard", "budget_ms": 30, "seed": 1})
    assert got["ok"], got
    moves = api.call("legal_moves", {"match": mid, "player": got["result"]["player"]})["result"]
    assert got["result"]["move"] in {m["id"] for m in moves}


def test_progress_reports_the_share_of_the_budget_without_changing_the_search():
    game, state = toy_position()
    seen = []
    plain = run_search(game, state, 0, iterations=400)
    watched = run_search(game, state, 0, iterations=400, progress=seen.append, progress_every=0.0)
    assert watched.visits == plain.visits  # watching never changes the decision
    assert seen and seen == sorted(seen) and 0 <= seen[0] and seen[-1] <= 1


def test_api_bot_move_reports_progress_and_survives_a_broken_listener():
    import json

    from brewhouse.api import Api

    api = Api()
    mid = api.call("new_game", {"game": "seize", "config": {"players": 2}, "seed": 3})["result"]["match"]
    reports = []
    api.on_bot_progress(reports.append)
    assert api.call("bot_move", {"match": mid, "level": "normal", "budget_ms": 400, "seed": 1})["ok"]
    assert reports, "a search long enough to report"
    first = json.loads(reports[0])
    assert first["match"] == mid and first["level"] == "normal" and 0 <= first["fraction"] <= 1

    def broken(text):
        raise RuntimeError("the page went away")

    api.on_bot_progress(broken)
    assert api.call("bot_move", {"match": mid, "level": "normal", "budget_ms": 300, "seed": 1})["ok"]
    api.on_bot_progress(None)
    assert api.call("bot_move", {"match": mid, "level": "easy", "seed": 1})["ok"]


def _solo_cafe_draft(seed=3):
    game = REGISTRY.get("cafe")
    match = Match(game, {"players": 1}, seed)
    assert match.state["phase"] == "draft"
    return game, match


def test_a_solo_bot_keeping_its_tree_searches_on_under_the_move_it_played():
    game, match = _solo_cafe_draft()
    bot = make_bot("normal", 9, iterations=40, keep_tree=True)
    view = game.view(match.state, 0)
    taken = bot.choose(game, view, game.legal_moves(match.state))
    # the draft feeds the placement's search: it gets 5/3 of the budget (Café's budget_share)
    assert bot.last.iterations == 67
    subtree = bot.last.root.children[taken]
    inherited = subtree.visits
    assert inherited > 0
    match.apply(taken)
    assert match.state["phase"] == "place"
    placed = bot.choose(game, game.view(match.state, 0), game.legal_moves(match.state))
    # the placement search went on from the draft's subtree: its visits plus 1/3 of 40 new iterations
    assert bot.last.root is subtree
    assert bot.last.iterations == 13 and subtree.visits == inherited + 13
    # every iteration through the subtree went on to a placement but the one that opened it
    assert sum(bot.last.visits.values()) == inherited - 1 + 13
    assert placed in {m.id for m in game.legal_moves(match.state)}


def test_budget_shares_move_a_solo_rounds_search_to_the_draft_and_average_one():
    from brewhouse.bots.levels import heuristics_for
    from brewhouse.cafe.heuristics import DRAFT_SHARE, PLACE_SHARE
    game, match = _solo_cafe_draft()
    heur = heuristics_for(game)
    draft = game.view(match.state, 0)
    place = dict(draft, phase="place")
    # one round (a draft and the placement going on from it) costs two even decisions
    assert DRAFT_SHARE + PLACE_SHARE == pytest.approx(2.0)
    assert heur.budget_share(game, draft, True, False) == DRAFT_SHARE
    assert heur.budget_share(game, place, True, True) == PLACE_SHARE
    # nothing kept, or nothing inherited: every decision gets the level's budget
    assert heur.budget_share(game, draft, False, False) == 1.0
    assert heur.budget_share(game, place, True, False) == 1.0
    assert heur.budget_share(game, place, False, False) == 1.0
    # the timed and fixed budgets scale alike; the caller's limit still caps a timed search
    bot = make_bot("hard", 1)
    assert bot.search_config(None, DRAFT_SHARE).seconds == pytest.approx(LEVEL_SPECS["hard"].seconds * 5 / 3)
    assert bot.search_config(1000, DRAFT_SHARE).seconds == pytest.approx(1.0)
    assert make_bot("hard", 1, fixed=True).search_config(None, PLACE_SHARE).iterations == 150
    # games without a reason to split keep every decision alike
    rush = REGISTRY.get("rush")
    assert heuristics_for(rush).budget_share(rush, {"phase": "x"}, True, True) == 1.0


def test_cafe_clock_weights_rounds_by_an_iterations_cost_and_fixed_budgets_ignore_it():
    from brewhouse.bots.levels import heuristics_for
    from brewhouse.cafe.heuristics import DRAFT_SHARE
    game, match = _solo_cafe_draft()
    heur = heuristics_for(game)
    view = game.view(match.state, 0)
    rounds = view["rounds"]
    weights = [heur.time_weight(game, dict(view, round=r)) for r in range(1, rounds + 1)]
    # earlier rounds' rollouts play more of the game: their searches get more of the clock
    assert weights == sorted(weights, reverse=True) and weights[0] > 1 > weights[-2]
    # over the searched rounds (the last one is planned whole) a game costs the same time
    assert sum(weights[:-1]) / (rounds - 1) == pytest.approx(1.0)
    first = weights[0]
    bot = make_bot("hard", 1)
    assert bot.search_config(None, DRAFT_SHARE, first).seconds == pytest.approx(
        LEVEL_SPECS["hard"].seconds * DRAFT_SHARE * first)
    assert bot.search_config(1000, DRAFT_SHARE, first).seconds == pytest.approx(1.0)  # the caller's limit wins
    # fixed-iteration searches keep their counts whatever the round
    assert make_bot("hard", 1, fixed=True).search_config(None, DRAFT_SHARE, first).iterations == 750
    assert make_bot("hard", 1, iterations=90).search_config(None, 1.0, first).iterations == 90
    # games whose iterations cost alike keep an even clock
    rush = REGISTRY.get("rush")
    assert heuristics_for(rush).time_weight(rush, {"round": 1}) == 1.0


def test_without_keep_tree_or_with_opponents_every_search_starts_afresh():
    game, match = _solo_cafe_draft()
    bot = make_bot("normal", 9, iterations=40)
    match.apply(bot.choose(game, game.view(match.state, 0), game.legal_moves(match.state)))
    bot.choose(game, game.view(match.state, 0), game.legal_moves(match.state))
    assert bot.last.root.visits == 40
    # with opponents the moves between two decisions are not the bot's own: no tree is kept
    duel = Match(game, {"players": 2}, 3)
    keeper = make_bot("normal", 9, iterations=40, keep_tree=True)
    searched = 0
    while searched < 3:
        p = duel.active_player
        keeper.last = None
        mid = keeper.choose(game, game.view(duel.state, p), game.legal_moves(duel.state))
        if keeper.last is not None:
            assert keeper.last.root.visits == 40
            searched += 1
        duel.apply(mid)


def test_play_game_keeps_the_tree_of_a_solo_bot():
    from brewhouse.play import play_game
    game = REGISTRY.get("cafe")
    record = play_game(game, {"players": 1}, 5, ["easy"], bot_options={"iterations": 8})

    def by_hand(keep_tree):
        match = Match(game, {"players": 1}, 5)
        bot = make_bot("easy", 5 * 7919, iterations=8, keep_tree=keep_tree)
        while (p := match.active_player) is not None:
            match.apply(bot.choose(game, game.view(match.state, p), game.legal_moves(match.state)))
        return game.outcome(match.state).scores

    assert by_hand(True) == record.outcome.scores
    # on this seed the kept tree changes the game, so the comparison above can tell them apart
    assert by_hand(False) != record.outcome.scores
