"""Run a snippet of the web app's JavaScript (ES modules, imported from the repository root) under Node."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_module(script: str):
    """Run ``script`` as an ES module from the repository root; what it prints is read as JSON."""
    node = shutil.which("node")
    assert node, "Node.js is required (the build needs it too)"
    proc = subprocess.run([node, "--input-type=module", "-e", script], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout)
