"""Saved games across updates, in the browser: old saves resume, newer ones say so, none is lost."""
from __future__ import annotations

import json
from pathlib import Path

from conftest import screenshot, settle, wait_ready

CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "saves"


def record_of(name: str, rid: str, **save_changes) -> dict:
    save = json.loads((CORPUS / f"{name}.json").read_text()) | save_changes
    return {"id": rid, "game": save["game"], "seats": save["seats"], "status": "in_progress",
            "ply": len(save["moves"]), "phase": "", "created": "2026-11-01T10:00:00Z",
            "updated": "2026-11-02T10:00:00Z", "save": save}


def put(page, record: dict) -> None:
    page.evaluate("r => window.brewhouse.saves.put(r)", record)


def status_ply(page) -> int:
    return int(page.get_attribute("[data-testid=game-status]", "data-ply"))


def test_a_save_of_the_first_edition_resumes_where_it_was(page, site):
    page.add_init_script("localStorage.setItem('brewhouse.pace', 'instant')")
    page.goto(site)
    wait_ready(page)
    put(page, record_of("seize-3p-unfinished", "golden-seize"))
    page.goto(site + "?resume=golden-seize")
    wait_ready(page)
    assert settle(page) in ("human", "privacy")
    assert status_ply(page) >= 160
    assert page.evaluate("() => window.brewhouse.table.status.edition") == "1"
    assert page.problems == []


def test_a_save_from_a_newer_build_says_so_and_is_kept(page, site):
    page.goto(site)
    wait_ready(page)
    put(page, record_of("rush-3p-unfinished", "from-the-future", version=3, engine="0.9.2"))
    page.goto(site + "?resume=from-the-future")
    wait_ready(page)
    page.wait_for_selector("[data-testid=route-error]")
    text = page.inner_text("[data-testid=route-error-text]")
    assert "newer version of Brewhouse (0.9)" in text and "damaged" not in text
    screenshot(page, "save-too-new")
    assert page.evaluate("() => window.brewhouse.saves.get('from-the-future').then(r => !!r)")
    assert page.problems == []


def test_a_save_that_no_longer_replays_opens_at_its_last_fitting_move_as_a_copy(page, site):
    page.add_init_script("localStorage.setItem('brewhouse.pace', 'instant')")
    page.goto(site)
    wait_ready(page)
    original = record_of("cafe-3p-unfinished", "diverged-cafe")
    moves = original["save"]["moves"]
    original["save"]["moves"] = moves[:30] + ["no-longer-a-move"] + moves[31:]
    put(page, original)
    page.goto(site + "?resume=diverged-cafe")
    wait_ready(page)
    page.wait_for_selector("[data-testid=save-diverged]")
    text = page.inner_text("[data-testid=save-diverged-text]")
    assert "first 30 of 120 moves" in text and "damaged" not in text
    screenshot(page, "save-diverged")
    page.click("[data-testid=open-at-ply]")
    settle(page)
    assert status_ply(page) >= 30
    new_id = page.evaluate("() => window.brewhouse.table.record.id")
    assert new_id != "diverged-cafe"
    # the address names the copy once its table has opened (the step after the table shows)
    page.wait_for_function("id => new URLSearchParams(location.search).get('resume') === id", arg=new_id)
    kept = page.evaluate("() => window.brewhouse.saves.get('diverged-cafe')")
    assert kept["save"]["moves"] == original["save"]["moves"]  # the original is untouched
    copy = page.evaluate(f"() => window.brewhouse.saves.get('{new_id}')")
    assert copy["save"]["moves"][:30] == moves[:30] and copy["save"]["edition"] == "1"
    assert page.problems == []


def test_an_imported_save_that_no_longer_replays_is_kept_and_offers_its_position(page, site):
    page.add_init_script("localStorage.setItem('brewhouse.pace', 'instant')")
    page.goto(site)
    wait_ready(page)
    record = record_of("rush-3p-unfinished", "imported-diverged")
    record["save"]["moves"][12] = "not-a-move"
    export = {"format": "brewhouse-saves", "version": 1, "records": [record]}
    page.set_input_files("[data-testid=import-file]", files=[
        {"name": "old.json", "mimeType": "application/json", "buffer": json.dumps(export).encode()}])
    message = page.locator("[data-testid=saves-message]")
    message.wait_for()
    assert "Imported 1 saved game." in message.inner_text() and "no longer replays whole" in message.inner_text()
    stored = page.evaluate("() => window.brewhouse.saves.get('imported-diverged')")
    assert stored["save"]["moves"] == record["save"]["moves"] and stored["ply"] == 12
    page.goto(site + "?resume=imported-diverged")
    wait_ready(page)
    page.wait_for_selector("[data-testid=save-diverged]")
    assert "first 12 of 60 moves" in page.inner_text("[data-testid=save-diverged-text]")
    assert page.problems == []


def test_a_replay_link_made_before_editions_replays_under_the_first_edition(page, site):
    """Links shared before links named an edition replay their moves under edition 1, as they were played."""
    import base64
    import zlib

    save = json.loads((CORPUS / "seize-3p-unfinished.json").read_text())
    raw = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = raw.compress("\n".join(save["moves"]).encode()) + raw.flush()
    moves = "z" + base64.urlsafe_b64encode(packed).decode().rstrip("=")
    page.add_init_script("localStorage.setItem('brewhouse.pace', 'instant')")
    page.goto(site + f"?game=seize&seats={','.join(save['seats'])}&seed={save['seed']}&scoop=1&moves={moves}")
    wait_ready(page)
    settle(page)
    status = page.evaluate("() => window.brewhouse.table.status")
    # (a decision with one option that follows plays itself, so the table may stand a move or two later)
    assert status["edition"] == "1" and status["ply"] >= len(save["moves"])
    saved = page.evaluate("""save => window.brewhouse.engine.call('replay', {game: save.game, config: save.config,
        seed: save.seed, seats: save.seats, moves: save.moves})
        .then(st => window.brewhouse.engine.call('save', {match: st.match}))""", save)
    assert saved["edition"] == "1" and saved["state_sha256"] == save["state_sha256"]
    page.goto(site + f"?game=seize&seats=human,random&seed=7&edition=abc&moves={moves}")
    page.wait_for_selector("[data-testid=route-error]")
    assert "not a valid rules edition" in page.inner_text("[data-testid=route-error-text]")
    assert page.problems == []
