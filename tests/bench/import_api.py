"""Run by tests/pyodide/run.mjs for `make bench`: the last steps of a cold start,
the engine's API import and the page's first call (engine_info)."""
import json
import time

started = time.perf_counter()
import brewhouse.api  # noqa: E402

imported = time.perf_counter()
brewhouse.api.call_json("engine_info", "{}")
answered = time.perf_counter()

result = json.dumps({"import_ms": round((imported - started) * 1000, 1),
                     "first_call_ms": round((answered - imported) * 1000, 1)})
