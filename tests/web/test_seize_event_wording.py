"""Every event the Seize the Bean engine can emit is worded in every language.

The engine's events are found in its sources (each ``cx.ev("<code>", …)`` call of
engine/brewhouse/seize/, read with ``ast`` so that the call's keyword parameters
are known too); the game log and the turn summary word them with the renderer's
``eventText`` (web/js/games/seize/index.js).  A new ability whose events have no
message in en, fr, de or ja fails here, instead of reaching players as "(code)".

Each event is rendered under Node, in each language, with sample parameters of
the types the engine sends (and in each of its worded variants: a Good or a Bad
Review on an award, one's own deck or a rival's, …), and as the parameter-less
"hidden" event other players receive for a private one.  The reasons the engine
gives (``why="…"``) each have words too.
"""
from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from support.node import run_module

ROOT = Path(__file__).resolve().parents[2]
SEIZE = ROOT / "engine" / "brewhouse" / "seize"
LANGUAGES = ("en", "fr", "de", "ja")

#: a sample value for each parameter name, of the type the engine sends
SAMPLES = {
    "card": "grandma@0", "cards": ["grandma@0", "grandpa@1"], "target": 1, "n": 2, "ability": "hype",
    "via": "delivery", "icon": "hype", "space": "beans", "steps": ["hype", "good_review"], "achievement": "pantry_variety",
    "group": "hipsters", "kind": "good", "source": "city", "why": "icon", "token": "beans2", "tokens": ["beans2", "hype"],
    "row": 1, "first": 0, "empty_cup": 1, "side": False, "cost": {"beans": 1, "milk": 1}, "mood": "neutral",
    "angry": True, "placed": True, "reason": "good_reviews", "res": "milk", "green": 2, "day": 3, "hype": 3,
    "option": "good", "phase": "actions", "deck": ["city", 0], "number": 7, "use": "action", "step": "hype",
    "where": "slot1", "dest": "discard", "own": 2, "city": 1, "set": ["beans", "milk", "sugar"],
    "took": {"beans": 1, "milk": 1}, "paid": {}, "a": {"player": 0, "card": "grandma@0"},
    "b": {"city": "slot2", "card": "grandpa@1"}, "cup": "mint_white_chocolate_affogato",
    # the variants (variants.py, variant_frames.py)
    "owner": 1, "old": "pie", "marks": 1, "reviews": 6, "nth": 1,
    # set-up drafts and founders
    "round": 2, "founder": "founder_jazzbot", "own_group": "tech_nerds", "forced": False, "bad": 1,
}
#: parameters whose type depends on the event
OVERRIDES = {
    ("acting", "via"): "lazy_friend@2", ("board_games_reshuffle", "tokens"): 4,
    ("resources_returned", "res"): {"beans": 1, "milk": 1, "sugar": 1}, ("gain", "res"): "beans",
    ("starbots_card", "card"): 12, ("starbots_redraw", "card"): 12, ("crafted", "res"): "hq_coffee",
    ("crafted", "cost"): {"beans": 1, "green": 1},
    ("mouthwatering", "icon"): "donut", ("mouthwatering", "card"): "protein_pie",
    ("mouthwatering_keep", "icon"): "donut", ("diverse_mark", "why"): "word_of_mouth",
    ("draft_start", "kind"): "founders", ("draft_pass", "kind"): "founders", ("draft_picked", "kind"): "founders",
    ("draft_done", "kind"): "founders", ("draft_start", "cards"): 3, ("draft_pass", "cards"): 2,
    ("draft_picked", "card"): "founder_jazzbot",
}
#: parameters an event gets through a ``**extra`` splat (a City Celebrity's filled orders)
SPLAT = {"customer_served": ("orders",), "founder_skipped": ("founder2",)}
#: every worded variant of an event: the parameters that choose it
VARIANTS = {
    "award_review": [{"kind": "good", "source": "city"}, {"kind": "bad", "source": "cafe"}, {"kind": "bad", "source": "supply"}],
    "newsflash": [{"option": "good"}, {"option": "bad"}],
    "ddos": [{"target": 1}, {"target": 0}],
    "disrupt_self": [{"placed": True}, {"placed": False}],
    "exclusivity": [{"card": "grandma@0", "n": 1}, {"card": None, "n": 0}],
    "steal": [{"paid": {}}, {"paid": {"sugar": 1}}],
    "roast": [{"own": 3, "city": 0}, {"own": 1, "city": 2}, {"own": 0, "city": 3}],
    "take": [{"why": "attract"}, {"why": "camp_out", "dest": "deck"}],
    "customer_served": [{"side": False}, {"side": True}, {"side": False, "orders": ["right"]},
                        {"side": True, "orders": ["right", "left"]}],
    "bonus_taken": [{"icon": "hype"}, {"icon": None}],
    "put_back": [{"deck": ["city", 0]}, {"deck": ["own", 0]}, {"deck": ["own", 1]}],
    "draft_start": [{"kind": "founders"}, {"kind": "friends"}],
    "draft_pass": [{"kind": "founders"}, {"kind": "friends"}],
    "draft_done": [{"kind": "founders"}, {"kind": "friends"}],
    "founder_revealed": [{"group": "tech_nerds"}, {"group": None}],
    "founder_skipped": [{"forced": False}, {"forced": True}, {"forced": False, "founder2": "founder_priscilla_anton"},
                        {"forced": True, "founder2": "founder_priscilla_anton"}],
    "founder_served": [{"side": False}, {"side": True}],
    "mouthwatering": [{"old": "pie"}, {"old": None}],
    "mouthwatering_keep": [{"old": "pie"}, {"old": None}],
}


def _calls() -> list[tuple[str, dict[str, object], bool]]:
    """Each ``cx.ev`` call of the engine: its code, its literal keyword values (None where computed), private or not."""
    out = []
    for path in sorted(SEIZE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "ev"):
                continue
            first = node.args[0] if node.args else None
            assert isinstance(first, ast.Constant) and isinstance(first.value, str), \
                f"{path.name}:{node.lineno}: an event code must be a literal string to be found here"
            kwargs = {k.arg: (k.value.value if isinstance(k.value, ast.Constant) else ...) for k in node.keywords
                      if k.arg is not None}  # a ``**extra`` splat: its keys are in SPLAT
            private = "private" in kwargs
            kwargs.pop("private", None)
            out.append((first.value, kwargs, private))
    return out


CALLS = _calls()
CODES = sorted({code for code, _, _ in CALLS})


def _reasons() -> set[str]:
    """Every literal reason the engine gives: ``why="…"`` keywords and ``"why": "…"`` frame entries."""
    found = set()
    for path in sorted(SEIZE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.keyword) and node.arg == "why" and isinstance(node.value, ast.Constant):
                found.add(node.value.value)
            elif isinstance(node, ast.Dict):
                for k, v in zip(node.keys, node.values):
                    if isinstance(k, ast.Constant) and k.value == "why" and isinstance(v, ast.Constant):
                        found.add(v.value)
    return {w for w in found if isinstance(w, str)}


def _samples() -> list[dict]:
    """The events to word: each call site with sample parameters, in each of its variants."""
    events = []
    for code, kwargs, private in CALLS:
        for variant in VARIANTS.get(code, [{}]):
            params = {}
            for name, literal in kwargs.items():
                assert name in SAMPLES or (code, name) in OVERRIDES, f"{code}: no sample for the parameter {name!r}"
                params[name] = literal if literal is not ... else OVERRIDES.get((code, name), SAMPLES.get(name))
            params.update({k: v for k, v in variant.items() if k in kwargs or k in SPLAT.get(code, ())})
            events.append({"code": "seize." + code, "player": 0, "params": params})
        if private:
            events.append({"code": "seize." + code, "player": 0, "params": {}, "hidden": True})
    return events


@pytest.fixture(scope="module")
def worded() -> dict[str, list[list[str]]]:
    """Each sample event's words in each language, as the log shows them."""
    return run_module(f"""
        globalThis.localStorage = {{ getItem: () => null, setItem: () => {{}} }};
        globalThis.document = {{ documentElement: {{}}, querySelectorAll: () => [] }};
        const {{ setLanguage }} = await import("./web/js/i18n.js");
        const seize = (await import("./web/js/games/seize/index.js")).default;
        const ctx = {{ seatName: (p) => `Player${{p + 1}}`, cardName: (id) => `Card<${{String(id).split("@")[0]}}>` }};
        const events = {json.dumps(_samples())};
        const out = {{}};
        for (const lang of {json.dumps(list(LANGUAGES))}) {{
          await setLanguage(lang);
          out[lang] = events.map((e) => [e.code + (e.hidden ? " (hidden)" : ""), seize.eventText(e, ctx)]);
        }}
        console.log(JSON.stringify(out));""")


def test_the_engine_sources_are_read():
    assert len(CODES) > 60
    for code in ("newsflash", "award_review", "board_game_placed", "swap", "fair_trade", "ddos_look"):
        assert code in CODES, code


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_engine_event_has_words_in_every_language(worded, lang):
    problems = []
    for label, text in worded[lang]:
        if text.startswith("(") and text.endswith(")") and "seize." not in text and " " not in text:
            problems.append(f"{label}: no message ({text})")
        elif any(bad in text for bad in ("{", "}", "undefined", "null", "NaN", "[object", "seize.")):
            problems.append(f"{label}: {text}")
    assert problems == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_variants_read_differently(worded, lang):
    """Each worded variant is a message of its own (a Bad Review is not told as a Good one)."""
    by_code: dict[str, list[str]] = {}
    for label, text in worded[lang]:
        by_code.setdefault(label, []).append(text)
    for code, variants in VARIANTS.items():
        texts = by_code["seize." + code]
        assert len(set(texts)) >= len(variants), (code, texts)


def test_every_reason_the_engine_gives_has_words():
    reasons = _reasons()
    assert {"green_beans", "board_game", "boost", "meet_up", "regular", "exclusivity", "roast", "steal"} <= reasons
    found = run_module(f"""
        globalThis.localStorage = {{ getItem: () => null, setItem: () => {{}} }};
        globalThis.document = {{ documentElement: {{}}, querySelectorAll: () => [] }};
        const {{ setLanguage, t }} = await import("./web/js/i18n.js");
        const out = {{}};
        for (const lang of {json.dumps(list(LANGUAGES))}) {{
          await setLanguage(lang);
          out[lang] = Object.fromEntries({json.dumps(sorted(reasons))}.map((w) => [w, t("seize.reason." + w)]));
        }}
        console.log(JSON.stringify(out));""")
    for lang in LANGUAGES:
        missing = [w for w, text in found[lang].items() if text.startswith("seize.")]
        assert missing == [], lang


def test_the_check_catches_an_event_without_words():
    text = run_module("""
        globalThis.localStorage = { getItem: () => null, setItem: () => {} };
        globalThis.document = { documentElement: {}, querySelectorAll: () => [] };
        await (await import("./web/js/i18n.js")).setLanguage("en"); // as the page does before it shows anything
        const seize = (await import("./web/js/games/seize/index.js")).default;
        console.log(JSON.stringify(seize.eventText({ code: "seize.no_such_event", player: 0, params: {} },
          { seatName: () => "A", cardName: (id) => id })));""")
    assert text == "(no_such_event)"
