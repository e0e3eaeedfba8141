"""Engine smoke suite, run inside Pyodide (see run.mjs); results are checked by pytest.

Every check records a value; pytest compares them with the same computation in
CPython, so the wheel is proven to behave identically in WebAssembly.
"""
import json

import brewhouse
import brewhouse.api
from brewhouse.api import DEFAULT_API, Api, call
from brewhouse.core import Match, Rng
from brewhouse.core.match import state_digest
from brewhouse.core.registry import REGISTRY, GameInfo, Registry
from support.toygame import ToyGame, play_reference_game

checks = {}
checks["version"] = brewhouse.__version__
# the standard library is loaded from dist's byte-compiled zip
checks["stdlib_origin"] = json.__spec__.origin
# micropip (installed by run.mjs as in the browser) from its byte-compiled wheel;
# an engine restored from a memory snapshot has none (it is only needed to install)
try:
    import micropip
except ImportError:
    checks["micropip_origin"] = None
else:
    checks["micropip_origin"] = micropip.__spec__.origin
# the engine itself, from the byte-compiled wheel dist/ ships
checks["engine_origin"] = brewhouse.api.__spec__.origin
checks["games"] = call("list_games")["result"]
rng = Rng.from_seed(2026)
checks["rng"] = [rng.below(1000) for _ in range(10)]

registry = Registry()
registry.add(GameInfo("toy", "Toy duel", 2, 3, available=True), ToyGame())
registry.add(GameInfo("later", "Later game", 2, 4, available=False, status="in development"))
api = Api(registry)
save = play_reference_game(api)
match = api.call("load", {"save": save})["result"]["match"]
checks["final_digest"] = save["state_sha256"]
checks["plies"] = len(save["moves"])
checks["reload_ok"] = api.call("load", {"save": json.dumps(save)})["ok"]
checks["errors"] = [
    api.call("apply_move", {"match": match, "move": "draw"})["error"]["code"],
    api.call("new_game", {"game": "later"})["error"]["code"],
    api.call("load", {"save": "garbage"})["error"]["code"],
    api.call("nope")["error"]["code"],
    json.loads(api.call_json("status", "{bad json"))["error"]["code"],
]
# every playable game, one seeded game each, as in CPython
checks["games_played"] = {g: play_reference_game(DEFAULT_API, g, 2, 3)["state_sha256"]
                          for g in REGISTRY.available_ids()}
# the golden save corpus replays to its recorded digests here too
import os  # noqa: E402

checks["golden"] = {}
for name in sorted(os.listdir("/extra/fixtures/saves")):
    if name.endswith(".json") and name not in ("corpus.json",) and not name.startswith("export"):
        with open(f"/extra/fixtures/saves/{name}") as f:
            golden = json.load(f)
        out = DEFAULT_API.call("load", {"save": golden})
        checks["golden"][name] = state_digest(Match.from_save(golden).state) if out["ok"] else out["error"]["code"]
# JSON nested thousands deep would overflow the WebAssembly stack inside json.loads: refused before parsing
checks["deep_json"] = [
    json.loads(api.call_json("status", "[" * 5000 + "]" * 5000))["error"]["code"],
    api.call("load", {"save": '{"a":' * 4000 + "1" + "}" * 4000})["error"]["code"],
    json.loads(api.call_json("status", '{"match": "m1", "x": ' + "[" * 3500 + "]" * 3500 + "}"))["error"]["code"],
]
# the Café bots' learned evaluation: its weights ship in the wheel, and it judges as in CPython
from brewhouse.cafe import evaluation as cafe_evaluation
from brewhouse.cafe.game import CafeGame

checks["cafe_learned"] = cafe_evaluation_sample = []
cafe_game = CafeGame()
for cafe_players in (1, 2):
    cafe_state = cafe_game.setup(cafe_game.normalize_config({"players": cafe_players}), 5)
    cafe_evaluation_sample.append(repr(cafe_evaluation.load_model().predict(
        cafe_game.cat, cafe_evaluation.position_of(cafe_game.view(cafe_state, 0), 0))))
checks["cafe_learned_version"] = cafe_evaluation.load_model().version
result = json.dumps(checks)
