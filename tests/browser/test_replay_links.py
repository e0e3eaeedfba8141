"""Replay links in a real browser: a link carries the digest of the position it was shared at and
says plainly when its moves lead elsewhere (a changed seed); a link from a newer version (a rules
edition this build does not know) says so, as a save does; an older link without a digest still
opens."""
from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

from brewhouse import api

from conftest import open_table, screenshot, settle

#: two humans (each first option, no bot): a short move list that still fits under other seeds
SETUP = "?game=seize&seats=human,human&seed=7"


def goto_in_page(page, query: str) -> None:
    """Follow a link inside the already-booted page (no Pyodide reboot)."""
    page.evaluate("q => window.brewhouse.navigate(q)", query)


def with_param(link: str, name: str, value: str | None) -> str:
    """The link's query with one parameter set to ``value`` (None: left out), order kept."""
    parts = [p for p in urlsplit(link).query.split("&") if not p.startswith(name + "=")]
    if value is not None:
        parts.append(f"{name}={value}")
    return "?" + "&".join(parts)


def pass_privacy(page) -> None:
    if settle(page) == "privacy":
        page.click("[data-testid=privacy-ready]")
    assert settle(page) == "human"


def route_error(page) -> tuple[str, str]:
    assert settle(page, route_errors=True) == "route-error"
    el = page.locator("[data-testid=route-error-text]")
    return el.get_attribute("data-key"), el.inner_text()


def test_a_replay_link_names_its_position_and_says_when_it_is_too_new_or_leads_elsewhere(page, site):
    open_table(page, site, SETUP)
    for _ in range(4):
        pass_privacy(page)
        page.evaluate("() => window.brewhouse.table.play(window.brewhouse.table.moves[0].id)")
    pass_privacy(page)
    ply = page.get_attribute("[data-testid=game-status]", "data-ply")
    save = page.evaluate("() => window.brewhouse.table.engine.call('save', { match: window.brewhouse.table.match })")
    page.click("[data-testid=share-replay]")
    link = page.input_value("[data-testid=share-link][data-kind=replay]")
    # mid-game the link would show every hand to whoever opens it: the box says so
    assert "every hand" in page.inner_text("[data-testid=share-warning]")
    q = {k: v[0] for k, v in parse_qs(urlsplit(link).query).items()}
    # the short form of the shared position's digest, after the edition
    assert q["digest"] == save["state_sha256"][:16] and re.search(r"&edition=\d+&digest=[0-9a-f]{16}$", link), link

    # the link opens the shared position
    goto_in_page(page, link[len(site):])
    pass_privacy(page)
    assert page.get_attribute("[data-testid=game-status]", "data-ply") == ply

    # another seed under which the same moves still fit: another position, said plainly
    params = {"game": "seize", "config": save["config"], "seats": save["seats"], "moves": save["moves"],
              "edition": save["edition"]}
    other = next(s for s in range(8, 500) if api.call("replay", {**params, "seed": s})["ok"])
    changed = with_param(with_param(link, "seed", str(other)), "digest", q["digest"])
    goto_in_page(page, changed)
    key, text = route_error(page)
    assert key == "table.error.replayMismatch", (key, text)
    assert "does not lead to the position it was shared at" in text
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "replay-link-mismatch-390x844")
    page.set_viewport_size({"width": 1280, "height": 800})

    # the same changed link without a digest (made before links carried one) opens, as it always did
    goto_in_page(page, with_param(changed, "digest", None))
    assert settle(page) in ("human", "privacy")

    # a rules edition this build does not know: made by a newer version, not "damaged"
    for digest in (q["digest"], None):
        goto_in_page(page, with_param(with_param(link, "edition", "999999"), "digest", digest))
        key, text = route_error(page)
        assert key == "table.error.replayTooNew", (key, text)
        assert "newer version of Brewhouse" in text and "999999" in text
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "replay-link-too-new-390x844")

    # a digest that is no digest is refused before the engine is asked
    goto_in_page(page, with_param(link, "digest", "xyz"))
    assert route_error(page)[0] == "table.error.badDigest"
    assert page.problems == []
