"""Saved games in a real browser: resuming from the list; imports that never
overwrite a game, check a file's size before reading it and take a record's
description from the engine, never from the file; finished games read as
finished in the list."""
from __future__ import annotations

import copy
import json
import random
from pathlib import Path

from playwright.sync_api import expect

from conftest import STATUS, choose_language, open_table, screenshot, settle, wait_ready
from test_seize_games import click_random_option

GOLDEN = Path(__file__).resolve().parents[1] / "fixtures" / "saves" / "export-v1.brewhouse-saves.json"
MAX_IMPORT_BYTES = 5 * 1024 * 1024


def golden() -> dict:
    return json.loads(GOLDEN.read_text())


def rows(page):
    return page.locator("[data-testid=save-row]")


def stored(page) -> list[dict]:
    return page.evaluate("() => window.brewhouse.saves.list()")


def import_file(page, content: bytes, name: str = "saves.json") -> tuple[str, bool]:
    """Choose a file in the import control; the message shown and whether it is an error."""
    page.evaluate("() => { const m = document.querySelector('[data-testid=saves-message]'); m.hidden = true; m.className = 'message'; }")
    page.set_input_files("[data-testid=import-file]",
                         files=[{"name": name, "mimeType": "application/json", "buffer": content}])
    message = page.locator("[data-testid=saves-message]")
    message.wait_for(state="visible", timeout=60_000)
    return message.inner_text(), "error" in (message.get_attribute("class") or "")


def go_home(page) -> None:
    page.click("[data-testid=table-home]")
    page.locator("[data-testid=home]").wait_for()
    rows(page).first.wait_for()


def play(page, rng: random.Random, moves: int) -> int:
    for _ in range(moves):
        assert settle(page) == "human"
        click_random_option(page, rng)
    assert settle(page) == "human"
    ply = page.get_attribute(STATUS, "data-ply")
    page.wait_for_selector(f"{STATUS}[data-saved='{ply}']", state="attached")
    return int(ply)


def test_a_game_resumed_from_the_list_plays_on(page, site):
    """The table closed on the way home must not catch the clicks meant for the resumed one."""
    open_table(page, site, "?game=seize&seats=human,random&seed=3")
    rng = random.Random(3)
    first = play(page, rng, 3)
    go_home(page)
    rows(page).first.locator("[data-testid=resume]").click()
    assert play(page, rng, 3) > first
    assert stored(page)[0]["ply"] == int(page.get_attribute(STATUS, "data-ply"))
    assert page.problems == []


def test_importing_an_old_export_keeps_the_game_played_on_since(page, site):
    open_table(page, site, "?game=seize&seats=human,random&seed=7")
    rng = random.Random(7)
    exported_ply = play(page, rng, 4)
    go_home(page)
    with page.expect_download() as download:
        rows(page).first.get_by_role("button", name="Export").click()
    export = Path(download.value.path()).read_bytes()
    original_id = json.loads(export)["records"][0]["id"]

    rows(page).first.locator("[data-testid=resume]").click()
    played_ply = play(page, rng, 6)
    assert played_ply > exported_ply
    go_home(page)
    played_on = stored(page)[0]

    text, is_error = import_file(page, export)
    assert not is_error, text
    assert text == ("Imported 1 saved game. 1 was added as a copy, since a saved game with the same id "
                    "already exists (nothing was replaced).")
    records = {r["id"]: r for r in stored(page)}
    assert len(records) == 2 and rows(page).count() == 2
    assert records[original_id] == played_on  # untouched: same moves, same ply, same dates
    copy_record = next(r for i, r in records.items() if i != original_id)
    assert copy_record["ply"] == exported_ply
    assert copy_record["save"] == json.loads(export)["records"][0]["save"]
    screenshot(page, "saves-import-copy")

    # both games resume where each of them was
    page.locator(f"[data-save-id='{copy_record['id']}'] [data-testid=resume]").click()
    assert settle(page) == "human"
    assert page.get_attribute(STATUS, "data-ply") == str(exported_ply)
    go_home(page)
    page.locator(f"[data-save-id='{original_id}'] [data-testid=resume]").click()
    assert settle(page) == "human"
    assert page.get_attribute(STATUS, "data-ply") == str(played_ply)
    assert page.problems == []


def test_repeated_ids_inside_one_file_are_reported_and_nothing_is_lost(page, site):
    page.goto(site)
    wait_ready(page)
    data = golden()
    seize, cafe = data["records"]
    twin = copy.deepcopy(seize)                        # the same game twice: kept once
    other = dict(copy.deepcopy(cafe), id=seize["id"])  # another game under the same id: kept as a copy
    data["records"] = [seize, twin, other, cafe]
    text, is_error = import_file(page, json.dumps(data).encode())
    assert not is_error, text
    assert text == ("Imported 3 saved games. 1 was added as a copy, since a saved game with the same id "
                    "already exists (nothing was replaced). 1 entry repeated in the file was skipped "
                    "(the same game appears earlier in it).")
    records = stored(page)
    assert len(records) == 3
    assert sorted(r["game"] for r in records) == ["cafe", "cafe", "seize"]
    assert {r["id"] for r in records} >= {seize["id"], cafe["id"]}
    cafe_saves = [r["save"] for r in records if r["game"] == "cafe"]
    assert cafe_saves == [cafe["save"], cafe["save"]]
    # French, with its own plural forms
    choose_language(page, "fr")
    data["records"] = [cafe]
    text, _ = import_file(page, json.dumps(data).encode())
    assert text == ("1 partie importée. 1 a été ajoutée en copie, car une partie du même identifiant "
                    "existe déjà (rien n’a été remplacé).")
    # German and Japanese, the same game twice again
    data["records"] = [seize, twin]
    choose_language(page, "de")
    text, _ = import_file(page, json.dumps(data).encode())
    assert text == ("1 gespeichertes Spiel importiert. 1 wurde als Kopie hinzugefügt, da es bereits ein gespeichertes "
                    "Spiel mit derselben ID gibt (nichts wurde ersetzt). 1 Eintrag, der in der Datei doppelt vorkommt, "
                    "wurde übersprungen (dasselbe Spiel steht weiter oben in der Datei).")
    screenshot(page, "saves-imported-de")
    choose_language(page, "ja")
    text, _ = import_file(page, json.dumps(data).encode())
    assert text == ("1件のセーブデータを読み込みました。 そのうち1件は同じIDのセーブデータがすでにあるため、コピーとして追加しました"
                    "（上書きはしていません）。 ファイル内で重複していた1件は読み込みませんでした（同じゲームがファイルの前のほうにあります）。")
    screenshot(page, "saves-imported-ja")
    assert page.problems == []


def test_a_file_over_the_limit_is_refused_before_it_is_read(page, site):
    # count every way a page can read a file's contents
    page.add_init_script("""(() => {
        window.__reads = 0;
        for (const name of ['text', 'arrayBuffer', 'stream', 'slice']) {
            const original = Blob.prototype[name];
            Blob.prototype[name] = function (...args) { window.__reads++; return original.apply(this, args); };
        }
        for (const name of ['readAsText', 'readAsArrayBuffer', 'readAsDataURL', 'readAsBinaryString']) {
            const original = FileReader.prototype[name];
            FileReader.prototype[name] = function (...args) { window.__reads++; return original.apply(this, args); };
        }
    })()""")
    page.goto(site)
    wait_ready(page)
    content = b" " * (MAX_IMPORT_BYTES + 1)
    text, is_error = import_file(page, content, "huge.json")
    assert is_error and text == "This file could not be imported: the file is too large."
    assert page.evaluate("() => window.__reads") == 0
    assert stored(page) == []
    # a file of exactly the limit is read (and judged on its contents)
    text, is_error = import_file(page, b" " * MAX_IMPORT_BYTES, "blank.json")
    assert is_error and text == "This file could not be imported: it is not a JSON file."
    assert page.evaluate("() => window.__reads") >= 1
    assert page.problems == []


def test_the_size_limit_counts_bytes_not_characters(page, site):
    page.goto(site)
    wait_ready(page)
    # 3 million "é": 3 M UTF-16 units (under 5 MiB) but 6 MB of UTF-8 (over it)
    reason = page.evaluate("""async () => {
        const { parseExport } = await import('./js/saves.js');
        const text = JSON.stringify({ format: 'brewhouse-saves', version: 1, records: [], note: 'é'.repeat(3_000_000) });
        try { parseExport(text); return 'accepted'; } catch (err) { return err.reason; }
    }""")
    assert reason == "too_large"
    assert page.problems == []


def test_imported_records_are_described_by_the_engine_not_by_the_file(page, site):
    page.goto(site)
    wait_ready(page)
    data = golden()
    truth = {r["id"]: {k: r[k] for k in ("game", "seats", "status", "ply", "phase", "day")} for r in data["records"]}
    lying = copy.deepcopy(data)
    seize, cafe = lying["records"]
    seize.update(id="has spaces in it", ply=999, status="finished", seats=["random"], phase="over", day=42)
    cafe.update(id="x" * 101, ply=3, status="in_progress", seats=["human", "human", "human"], phase="actions", day=2)
    text, is_error = import_file(page, json.dumps(lying).encode())
    assert not is_error, text
    assert text == "Imported 2 saved games."
    records = stored(page)
    assert len(records) == 2
    for record in records:
        assert record["id"] not in ("has spaces in it", "x" * 101)
        assert page.evaluate("id => /^[A-Za-z0-9_-]{1,100}$/.test(id)", record["id"])
        original = next(r for r in data["records"] if r["save"] == record["save"])
        assert {k: record[k] for k in truth[original["id"]]} == truth[original["id"]], record["game"]
    # every match opened to read the file was closed again
    assert page.evaluate("""async () => {
        const codes = [];
        for (let i = 1; i <= 10; i++) codes.push(await window.brewhouse.engine.call('status', {match: 'm' + i}).then(() => 'open', e => e.code));
        return [...new Set(codes)]; }""") == ["unknown_match"]
    assert page.problems == []


def test_the_export_of_the_previous_build_imports_and_resumes(page, site):
    page.goto(site)
    wait_ready(page)
    data = golden()
    text, is_error = import_file(page, GOLDEN.read_bytes(), GOLDEN.name)
    assert not is_error, text
    assert text == "Imported 2 saved games."
    records = {r["id"]: r for r in stored(page)}
    assert set(records) == {r["id"] for r in data["records"]}
    for original in data["records"]:
        record = records[original["id"]]
        for key in ("game", "seats", "status", "ply", "phase", "day", "created", "updated", "save"):
            assert record[key] == original[key], key
    # the finished solo Café game now knows its score
    cafe = records[data["records"][1]["id"]]
    assert cafe["outcome"]["winners"] == [0] and len(cafe["outcome"]["scores"]) == 1
    row = page.locator(f"[data-save-id='{cafe['id']}']")
    assert f"score {int(cafe['outcome']['scores'][0])}" in row.inner_text()
    seize = data["records"][0]
    page.locator(f"[data-save-id='{seize['id']}'] [data-testid=resume]").click()
    waiting = settle(page)
    assert waiting in ("human", "privacy")
    # the game goes on from its 160 moves (the bot to play may already have moved)
    assert int(page.get_attribute(STATUS, "data-ply")) >= seize["ply"]
    moves = page.evaluate("() => window.brewhouse.engine.call('save', {match: window.brewhouse.table.match}).then(s => s.moves)")
    assert moves[:seize["ply"]] == seize["save"]["moves"]
    assert page.problems == []


def test_finished_games_show_their_result_and_open_the_final_scores(page, site):
    open_table(page, site, "?game=rush&seats=random,easy&seed=5")
    assert settle(page) == "over"
    outcome = page.evaluate("() => window.brewhouse.table.status.outcome")
    ply = page.get_attribute(STATUS, "data-ply")
    # a table of bots alone is never saved (no human moved): its record is stored as the table makes it
    assert page.get_attribute(STATUS, "data-saved") is None
    page.evaluate("async () => window.brewhouse.saves.put(await window.brewhouse.table.currentRecord())")
    go_home(page)
    record = stored(page)[0]
    assert record["status"] == "finished"
    assert record["outcome"] == {"scores": outcome["scores"], "winners": outcome["winners"]}
    row = rows(page).first
    text = row.inner_text()
    seat_names = ["Bot 1 (random)", "Bot 2 (easy)"]  # as the table names them
    winners = " and ".join(seat_names[p] for p in outcome["winners"])
    won = "won by" if len(outcome["winners"]) == 1 else "tie between"
    assert f"Finished · {won} {winners} · " + " – ".join(str(int(s)) for s in outcome["scores"]) in text, text
    assert row.locator("[data-testid=resume]").count() == 0
    # a finished game saved by an older build, without its result: "Finished" and its move count
    older = dict(record, id="older-finished", outcome=None, updated="2020-01-01T00:00:00Z")
    del older["outcome"]
    page.evaluate("r => window.brewhouse.saves.put(r).then(() => window.brewhouse.renderSaves())", older)
    old_row = page.locator("[data-save-id=older-finished]")
    old_row.wait_for()
    assert f"Finished · Bot 1 (random), Bot 2 (easy) · Move {ply}" in old_row.inner_text(), old_row.inner_text()
    assert old_row.locator("[data-testid=resume]").count() == 0
    screenshot(page, "saves-finished-row")
    alone, winner = len(outcome["winners"]) == 1, outcome["winners"][0] + 1
    in_words = {  # language: (the result button, how the row starts its result)
        "fr": ("Voir le résultat", "Terminée · " + ("gagnée par" if alone else "égalité")),
        "de": ("Ergebnis ansehen", f"Beendet · {'gewonnen von' if alone else 'Gleichstand zwischen'} Bot {winner} ("),
        "ja": ("結果を見る", f"終了 · {'勝者' if alone else '同点'}：ボット{winner}（"),
    }
    for lang, (button, result) in in_words.items():
        choose_language(page, lang)
        expect(row.locator("[data-testid=view]")).to_have_text(button)  # the list is drawn again in lang
        assert result in row.inner_text(), row.inner_text()
        screenshot(page, f"saves-finished-row-{lang}")
    choose_language(page, "en")
    expect(row.locator("[data-testid=view]")).to_have_text("See the result")
    row.locator("[data-testid=view]").click()
    assert settle(page) == "over"
    assert page.locator("[data-testid=game-over]").is_visible()
    assert page.get_attribute(STATUS, "data-ply") == ply
    assert page.problems == []
