"""Run by run.mjs (test_snapshot.py): what must differ, or not, from one restored visit to the next."""
import json
import random
import sys
from importlib import resources

from brewhouse.api import call

result = json.dumps({
    # the random module is reseeded after a restore (the snapshot holds its state)
    "random": random.random(),
    # a game without a seed takes one from os.urandom
    "seed": call("new_game", {"game": "rush", "seats": ["human", "random"]})["result"]["seed"],
    # str hashes are salted once per interpreter start: the snapshot's, on every restore
    "hash": hash("brewhouse"),
    "hash_randomization": sys.flags.hash_randomization,
    # a data file nothing read before the snapshot, through importlib.resources
    "archived_edition": len(resources.files("brewhouse.seize").joinpath("editions", "1", "cards.json").read_text()),
})
