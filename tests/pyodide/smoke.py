"""Engine smoke suite, run inside Pyodide (see run.mjs); results are checked by pytest.

Every check records a value; pytest compares them with the same computation in
CPython, so the wheel is proven to behave identically in WebAssembly.
"""
import json

import brewhouse
from brewhouse.api import Api, call
from brewhouse.core import Match, Rng
from brewhouse.core.match import state_digest
from brewhouse.core.registry import GameInfo, Registry
from support.toygame import ToyGame

checks = {}
checks["version"] = brewhouse.__version__
checks["games"] = call("list_games")["result"]
rng = Rng.from_seed(2026)
checks["rng"] = [rng.below(1000) for _ in range(10)]

registry = Registry()
registry.add(GameInfo("toy", "Toy duel", 2, 3, available=True), ToyGame())
registry.add(GameInfo("later", "Later game", 2, 4, available=False, status="in development"))
api = Api(registry)
match = api.call("new_game", {"game": "toy", "seed": 77, "config": {"players": 3}})["result"]["match"]
while not api.call("status", {"match": match})["result"]["over"]:
    choice = api.call("bot_move", {"match": match, "level": "random", "seed": 5})["result"]["move"]
    api.call("apply_move", {"match": match, "move": choice})
save = api.call("save", {"match": match})["result"]
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
result = json.dumps(checks)
