"""Brewhouse: rules engine for Seize the Bean, Café and Coffee Rush.

Pure Python, no dependencies; the same wheel runs in CPython and in Pyodide.
``brewhouse.api`` is the JSON surface the browser calls; ``brewhouse.core``
holds the protocol every game implements.
"""
__version__ = "0.4.0"
