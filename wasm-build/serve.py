#!/usr/bin/env python3
"""Serve ``dist/`` on 127.0.0.1 with the same headers as the deployed site.

The ``[[headers]]`` rules of ``netlify.toml`` (CSP, MIME types, caching) are
applied here too, so what runs locally and in the tests is what deploys.

Usage: ``python wasm-build/serve.py [--dir dist] [--port 8000]``.
"""
from __future__ import annotations

import argparse
import functools
import re
import sys
import threading
import tomllib
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Optional

ROOT = Path(__file__).resolve().parent.parent
MIME = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
        ".whl": "application/zip", ".zip": "application/zip", ".json": "application/json",
        ".svg": "image/svg+xml", ".png": "image/png", ".webmanifest": "application/manifest+json"}


def header_rules(toml_path: Path = ROOT / "netlify.toml") -> list[tuple[re.Pattern[str], dict[str, str]]]:
    rules = []
    for rule in tomllib.loads(toml_path.read_text()).get("headers", []):
        pattern = re.compile("^" + ".*".join(map(re.escape, rule["for"].split("*"))) + "$")
        rules.append((pattern, dict(rule.get("values", {}))))
    return rules


class Handler(SimpleHTTPRequestHandler):
    rules: list[tuple[re.Pattern[str], dict[str, str]]] = []
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME}

    def send_header(self, keyword: str, value: str) -> None:
        self._sent = getattr(self, "_sent", set()) | {keyword.lower()}
        super().send_header(keyword, value)

    def end_headers(self) -> None:
        # a rule's header replaces the default one (e.g. Content-Type), never doubles it
        path = self.path.split("?", 1)[0]
        chosen: dict[str, tuple[str, str]] = {}
        for pattern, values in self.rules:
            if pattern.match(path):
                chosen.update({key.lower(): (key, value) for key, value in values.items()})
        for key, value in chosen.values():
            if key.lower() not in getattr(self, "_sent", set()):
                super().send_header(key, value)
        self._sent = set()
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # quiet by default
        if self.server.verbose:  # type: ignore[attr-defined]
            super().log_message(format, *args)


def make_server(directory: Path, port: int = 0, verbose: bool = False) -> ThreadingHTTPServer:
    """A server bound to 127.0.0.1 (port 0 = any free port); call serve_forever()."""
    if not (directory / "index.html").is_file():
        sys.exit(f"{directory} has no index.html: build the site first (make build)")
    handler = functools.partial(type("BoundHandler", (Handler,), {"rules": header_rules()}),
                                directory=str(directory))
    server = ThreadingHTTPServer(("127.0.0.1", port), handler)
    server.daemon_threads = True
    server.verbose = verbose  # type: ignore[attr-defined]
    return server


def serve_in_thread(directory: Path) -> tuple[ThreadingHTTPServer, str]:
    """Start a server on a free port in a daemon thread; returns it and its base URL."""
    server = make_server(directory)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def main(argv: Optional[list[str]] = None) -> None:
    parser = argparse.ArgumentParser(description="Serve the built Brewhouse site on 127.0.0.1")
    parser.add_argument("--dir", default=str(ROOT / "dist"))
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args(argv)
    server = make_server(Path(args.dir), args.port, args.verbose)
    print(f"Brewhouse is served on http://127.0.0.1:{server.server_address[1]}/ (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
