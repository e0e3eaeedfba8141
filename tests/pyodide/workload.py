"""The engine benchmark workloads, timed inside Pyodide (compared with CPython by make bench)."""
import json

from brewhouse.bench import workloads

result = json.dumps(workloads())
