"""Run by tests/pyodide/run.mjs for `make bench`: the engine's API import, the last step of a cold start."""
import json

import brewhouse.api  # noqa: F401

result = json.dumps({})
