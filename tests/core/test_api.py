"""The JSON API: typed results, typed errors, and nothing changed by bad calls."""
import copy
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from brewhouse.api import Api

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def ok(response):
    assert response["ok"], response
    return response["result"]


def error_code(response):
    assert not response["ok"], response
    assert set(response["error"]) == {"code", "message", "details"}
    assert response["error"]["message"]
    return response["error"]["code"]


def test_list_games_reports_availability(api):
    games = ok(api.call("list_games"))
    assert [(g["id"], g["available"]) for g in games] == [("toy", True), ("later", False)]


def test_a_whole_game_through_the_api(api):
    match = ok(api.call("new_game", {"game": "toy", "seed": 3, "seats": ["human", "random"]}))["match"]
    while True:
        status = ok(api.call("status", {"match": match}))
        if status["over"]:
            break
        player = status["active_player"]
        view = ok(api.call("view", {"match": match, "player": player}))
        assert view["moves"] and view["view"]["hand"] is not None
        move = view["moves"][0]["id"]
        applied = ok(api.call("apply_move", {"match": match, "move": move, "player": player, "ply": status["ply"]}))
        assert applied["ply"] == status["ply"] + 1
    assert status["outcome"]["winners"]
    log = ok(api.call("log", {"match": match, "player": 0}))
    assert log and all("code" in e for e in log)


def test_other_players_get_no_moves_and_cannot_move(api):
    match = ok(api.call("new_game", {"game": "toy", "seed": 1}))["match"]
    assert ok(api.call("legal_moves", {"match": match, "player": 1})) == []
    assert error_code(api.call("apply_move", {"match": match, "move": "draw", "player": 1})) == "illegal_move"


def test_stale_ply_is_refused(api):
    match = ok(api.call("new_game", {"game": "toy", "seed": 1}))["match"]
    assert error_code(api.call("apply_move", {"match": match, "move": "draw", "ply": 5})) == "illegal_move"


def test_save_load_replay_and_undo(api):
    match = ok(api.call("new_game", {"game": "toy", "seed": 9}))["match"]
    first = ok(api.call("view", {"match": match, "player": 0}))
    ok(api.call("apply_move", {"match": match, "move": first["moves"][0]["id"]}))
    save = ok(api.call("save", {"match": match}))
    loaded = ok(api.call("load", {"save": json.dumps(save)}))
    assert loaded["ply"] == 1 and loaded["match"] != match
    replayed = ok(api.call("replay", {"game": "toy", "seed": 9, "moves": save["moves"]}))
    assert replayed["ply"] == 1
    assert ok(api.call("undo", {"match": match}))["ply"] == 0
    assert ok(api.call("view", {"match": match, "player": 0}))["view"] == first["view"]
    assert error_code(api.call("undo", {"match": match})) == "undo_unavailable"
    assert ok(api.call("close", {"match": match}))
    assert error_code(api.call("status", {"match": match})) == "unknown_match"


def test_a_replay_link_checks_its_digest_when_it_has_one(api):
    match = ok(api.call("new_game", {"game": "toy", "seed": 9}))["match"]
    first = ok(api.call("view", {"match": match, "player": 0}))
    ok(api.call("apply_move", {"match": match, "move": first["moves"][0]["id"]}))
    save = ok(api.call("save", {"match": match}))
    link = {"game": "toy", "seed": 9, "moves": save["moves"]}
    # the short form a link carries, or the whole digest: the shared position
    for digest in (save["state_sha256"][:16], save["state_sha256"]):
        assert ok(api.call("replay", {**link, "digest": digest}))["ply"] == 1
    # a link made before links carried a digest still opens
    assert ok(api.call("replay", link))["ply"] == 1
    opened = len(api.matches)
    # another seed replays the same moves to another position: said, not opened silently
    other = next(seed for seed in range(100) if seed != 9 and ok(api.call("replay", {**link, "seed": seed})))
    before = len(api.matches)
    out = api.call("replay", {**link, "seed": other, "digest": save["state_sha256"][:16]})
    assert error_code(out) == "replay_mismatch" and out["error"]["details"] == {"moves": 1}
    assert len(api.matches) == before > opened
    # a digest that is no digest is a bad request, nothing opened
    for digest in ("", "abc", "G" * 16, save["state_sha256"].upper(), 16, ["0" * 16], "0" * 65):
        assert error_code(api.call("replay", {**link, "digest": digest})) == "bad_request"
    assert len(api.matches) == before


def test_bot_move_is_a_legal_move(api):
    match = ok(api.call("new_game", {"game": "toy", "seed": 2}))["match"]
    choice = ok(api.call("bot_move", {"match": match, "level": "random", "seed": 4}))
    legal = [m["id"] for m in ok(api.call("legal_moves", {"match": match, "player": 0}))]
    assert choice["move"] in legal
    assert error_code(api.call("bot_move", {"match": match, "level": "genius"})) == "bad_request"


def test_typed_errors_for_common_mistakes(api):
    assert error_code(api.call("new_game", {"game": "chess"})) == "unknown_game"
    assert error_code(api.call("new_game", {"game": "later"})) == "game_unavailable"
    assert error_code(api.call("new_game", {"game": "toy", "config": {"players": 9}})) == "invalid_config"
    assert error_code(api.call("load", {"save": "{not json"})) == "bad_save"
    assert error_code(api.call("explode")) == "bad_request"
    assert error_code(api.call("status", [])) == "bad_request"
    assert json.loads(Api().call_json("list_games", "[1,"))["error"]["code"] == "bad_request"


@settings(max_examples=300, deadline=None)
@given(method=st.sampled_from(Api.METHODS + ("nope", "")), params=json_values)
def test_garbage_never_raises_and_never_changes_a_live_match(method, params):
    from support.toygame import ToyGame
    from brewhouse.core.registry import GameInfo, Registry

    registry = Registry()
    registry.add(GameInfo("toy", "Toy duel", 2, 3, available=True), ToyGame())
    api = Api(registry)
    match = ok(api.call("new_game", {"game": "toy", "seed": 1}))["match"]
    before = copy.deepcopy(api.matches[match].state)
    if isinstance(params, dict) and method not in ("new_game", "load", "replay", "list_games", "engine_info"):
        params = dict(params, match=match)
    response = api.call(method, params)
    assert isinstance(response["ok"], bool)
    json.dumps(response)  # always JSON-serialisable
    if not response["ok"]:
        assert response["error"]["code"] != "internal_error", response
        assert api.matches[match].state == before


def test_game_options_give_the_setup_screen_the_seize_compatibility_table():
    api = Api()
    out = ok(api.call("game_options", {"game": "seize"}))
    table = out["compatibility"]
    assert out["default_config"]["district"] == "kreuzberg"
    assert len([d for d in table["districts"].values() if d["kind"] != "scenario"]) == 10
    assert len(table["groups"]) == 23
    assert table["districts"]["friedrichshain"]["five_six"] and not table["districts"]["friedrichshain"]["solo"]
    assert ok(api.call("game_options", {"game": "rush"}))["compatibility"] is None
    assert api.call("game_options", {"game": "nope"})["error"]["code"] == "unknown_game"
