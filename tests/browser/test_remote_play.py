"""Remote play in real browsers: a host page and guest pages joined over WebRTC data channels.

Each page is a browser context of its own (its own storage, like another
device).  Headless Chromium on one machine gathers loopback candidates only
with ``--allow-loopback-in-peer-connection`` and, to show real addresses
rather than mDNS names, the ``microphone`` permission.  The host copies the
invite link from ``[data-testid=invite]``, the guest's join screen shows
``[data-testid=answer-code]``, the host pastes it: then both pages play the
game to its end through the table, and the guest's engine audits it.

Every game is played whole by default, each once: a guest's page draws each
game's own table from what the host sent, over a real data channel, which only
a browser shows.  The suite's time (near its 30 minutes) decides how (random
legal moves, clicked as soon as offered):

* Coffee Rush, host and one guest, carries everything that goes wrong, since
  its games are the shortest: the guest drops and rejoins by a fresh invite, a
  bot stands in meanwhile, the host's tab closes and the game is hosted again
  from its save (about 50 s);
* Seize the Bean has the widest table, since it has the most hidden cards and
  the largest messages: the host, two guests and a spectator who joins
  mid-game, four contexts (about two minutes and a half);
* Café, host and one guest (about half a minute): ``BREWHOUSE_REMOTE_GAMES``
  names the games of that last test (``cafe,seize`` adds a two-player Seize
  the Bean, ``""`` none).
"""
from __future__ import annotations

import os
import random
import time

import pytest

from conftest import ARTIFACTS, CHROMIUM, LAUNCH_ARGS, screenshot, wait_ready, watch

GAME_MS = 120_000


@pytest.fixture(scope="module")
def rtc_browser(browser):
    """A browser of its own for this file, with the launch arguments WebRTC over loopback needs,
    from the session's Playwright (a second sync Playwright in one process is refused)."""
    rtc = browser.browser_type.launch(executable_path=CHROMIUM, args=[*LAUNCH_ARGS, "--allow-loopback-in-peer-connection"])
    yield rtc
    rtc.close()


def device(browser, viewport=(1280, 800)):
    """A page in a context of its own: another device."""
    ctx = browser.new_context(service_workers="block", viewport={"width": viewport[0], "height": viewport[1]},
                              permissions=["microphone"])
    ctx.add_init_script("localStorage.setItem('brewhouse.snapshot', 'off'); localStorage.setItem('brewhouse.pace', 'instant')")
    page = ctx.new_page()
    page.problems = watch(page)
    return ctx, page


PHONE = (390, 844)


def spectator(n: int) -> str:
    """The host's n-th invite to watch, as the UI contract marks it (a seat is marked by its number)."""
    return f"[data-spectator='{n}']"


def at(who: int | str) -> str:
    return f"[data-seat='{who}']" if isinstance(who, int) else who


def invite_link(host, who: int | str, previous: str | None = None) -> str:
    """The link of a seat's invite (``who`` its number) or a spectator's (``spectator(n)``), once it differs from ``previous``."""
    sel = f"[data-testid=invite]{at(who)}"
    host.wait_for_function("""([sel, previous]) => {
        const el = document.querySelector(sel);
        const v = el && (el.value || el.getAttribute('href'));
        return v && v !== previous; }""", arg=[sel, previous], timeout=GAME_MS)
    return host.eval_on_selector(sel, "el => el.value || el.getAttribute('href')")


def join(host, guest, who: int | str, link: str, shot: str | None = None) -> tuple[float, str]:
    """The guest opens the link; its answer code goes back to the host. Returns when it was pasted, and the code."""
    guest.goto(link)
    return answer(host, guest, who, shot)


def answer(host, guest, who: int | str, shot: str | None = None) -> tuple[float, str]:
    """The answer code of the guest's join screen (its link opened) pasted on the host's invite ``who``."""
    wait_ready(guest)
    guest.wait_for_selector("[data-testid=answer-code]", timeout=GAME_MS)
    code = guest.eval_on_selector("[data-testid=answer-code]", "el => el.value || el.textContent")
    if shot:
        guest.wait_for_function("() => document.querySelector('[data-testid=qr]')?.width > 0")
        screenshot(guest, shot)
    host.fill(f"[data-testid=answer-input]{at(who)}", code)
    pasted = time.monotonic()
    host.click(f"[data-testid=answer-submit]{at(who)}")
    return pasted, code


def waiting(page) -> str:
    return page.evaluate("""() => {
        const error = document.querySelector('[data-testid=table-error]:not([hidden]), [data-testid=remote-error]');
        if (error) return 'error: ' + error.innerText;
        const s = document.querySelector('[data-testid=game-status]');
        return s ? s.dataset.waiting : 'none'; }""")


#: one round trip per page and poll: what the page waits for, and a random option of its own clicked when it decides
PLAY_ONE = """(r) => {
    const error = document.querySelector('[data-testid=table-error]:not([hidden]), [data-testid=remote-error]');
    if (error) return 'error: ' + error.innerText;
    const state = document.querySelector('[data-testid=game-status]')?.dataset.waiting ?? 'none';
    if (state !== 'human') return state;
    const ids = window.brewhouseRemote.table.moves.map(m => m.id);
    const id = ids[Math.floor(r * ids.length)];
    const el = [...document.querySelectorAll('[data-testid=decision] [data-move]')].find(e => e.dataset.move === id);
    if (!el || el.disabled) return state;
    el.click();
    return 'moved'; }"""


def play_until(pages, rng: random.Random, done, max_moves: int = 2000) -> int:
    """Whoever decides picks a random option on their own page, until ``done()``; the moves made."""
    moves = 0
    deadline = time.monotonic() + GAME_MS / 1000 * 3
    while not done():
        assert time.monotonic() < deadline, [waiting(p) for p in pages]
        acted = False
        for page in pages:
            state = page.evaluate(PLAY_ONE, rng.random())
            assert not state.startswith("error"), (page.url[:40], state, page.problems)
            if state == "moved":
                moves += 1
                acted = True
                assert moves < max_moves
        if not acted:
            time.sleep(0.05)
    return moves


BADGE = "[data-testid=player-panel] [data-testid=presence-badge]"


def chat_crosses(host, guest) -> None:
    """A guest's line reaches the host as text (its markup shown, not made), the host's reaction the guest;
    the host's chat open on a phone leaves the board in sight (a screenshot to look at)."""
    guest.click("[data-testid=chat-toggle]")
    guest.fill("[data-testid=chat-input]", "<b>hi</b> ☕")
    guest.click("[data-testid=chat-send]")
    line = "[data-testid=chat-line]"
    host.wait_for_function("(sel) => [...document.querySelectorAll(sel)].some(l => l.textContent.endsWith(': <b>hi</b> ☕'))", arg=line)
    assert host.query_selector(f"{line} b") is None and guest.query_selector(f"{line} b") is None
    host.set_viewport_size({"width": 390, "height": 844})
    host.click("[data-testid=chat-toggle]")
    host.click("[data-testid=chat-react][data-reaction='👍']")
    guest.wait_for_function("(sel) => [...document.querySelectorAll(sel)].some(l => l.textContent.endsWith(': 👍'))", arg=line)
    host.eval_on_selector(BADGE, "el => el.scrollIntoView({block: 'center'})")
    host.screenshot(path=str(ARTIFACTS / "remote-presence-chat-phone.png"))  # as the phone shows it: the chat is fixed
    host.click("[data-testid=chat-close]")
    assert host.is_hidden("[data-testid=chat]")
    host.screenshot(path=str(ARTIFACTS / "remote-presence-chat-closed-phone.png"))
    host.set_viewport_size({"width": 1280, "height": 800})


def over(page) -> bool:
    return waiting(page) == "over"


def ply(page) -> int:
    return int(page.get_attribute("[data-testid=game-status]", "data-ply"))


def test_a_whole_rush_game_through_a_drop_a_rejoin_and_the_hosts_tab_closing_verified(rtc_browser, site):
    """Coffee Rush from the invite to the verified end, and on the way all that goes wrong.

    The guest's tab closes; a bot stands in for a few moves; a new page rejoins by the fresh invite.
    The seat's player panel says so all along (reconnecting, gone, connected), and once back the
    guest and the host chat (as text, never markup).  Then the host's tab closes: a record saved
    before keepsakes were kept opens as a plain game (a bot may play the remote seat); the saved
    game, hosted again from its record (and the keepsake beside it), shows a fresh invite; the
    guest's reloaded page rejoins by it at the same ply, and plays on to the end, verified.
    """
    host_ctx, host = device(rtc_browser)
    guest_ctx, guest = device(rtc_browser, PHONE)
    new_ctx = None
    try:
        host.goto(site + "?game=rush&seats=human,remote&seed=7")
        wait_ready(host)
        link = invite_link(host, 1)
        assert "#" in link and "?join" in link
        host.wait_for_function("() => document.querySelector('[data-testid=qr]')?.width > 0")
        screenshot(host, "remote-invite-desktop")
        host.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
        screenshot(host, "remote-invite-phone")
        host.set_viewport_size({"width": 1280, "height": 800})
        # a code that is no answer code is refused plainly, and the seat stays open
        host.fill("[data-testid=answer-input][data-seat='1']", "not a code")
        host.click("[data-testid=answer-submit][data-seat='1']")
        host.wait_for_selector("[data-testid=remote-error][data-key='remote.error.badCode']")
        assert host.evaluate("""async () => {
            const { decodeFragment } = await import('./js/remote/signal.js');
            return decodeFragment('AAAA').then(() => 'accepted', (err) => err.key); }""") == "remote.error.badLink"
        pasted, code = join(host, guest, 1, link, shot="remote-join-phone")
        for page in (host, guest):
            page.wait_for_selector("[data-testid=player-panel]", timeout=GAME_MS)
        # whoever decides first sees options: the time from the code pasted to the first move possible
        host.wait_for_function("""() => document.querySelectorAll('[data-testid=decision] [data-move]').length > 0
            || document.querySelector('[data-testid=game-status]')?.dataset.waiting === 'remote'""", timeout=GAME_MS)
        first_move_s = time.monotonic() - pasted
        rng = random.Random(7)
        start = ply(host)
        moves = play_until([host, guest], rng, lambda: ply(host) >= start + 6 and waiting(host) in ("remote", "human"))
        assert not guest.problems, guest.problems
        guest_ctx.close()  # the phone's tab is gone
        guest_ctx = None
        host.wait_for_selector("[data-testid=presence][data-seat='1'][data-state=reconnecting]", timeout=GAME_MS)
        host.wait_for_selector(f"{BADGE}[data-seat='1'][data-state=reconnecting]")
        fresh = invite_link(host, 1, previous=link)
        screenshot(host, "remote-reinvite-desktop")
        # meanwhile a bot plays the seat, and hands it back
        host.select_option("[data-testid=stand-in][data-seat='1']", "easy")
        host.wait_for_selector(f"{BADGE}[data-seat='1'][data-state=gone]")
        away = ply(host)
        moves += play_until([host], rng, lambda: ply(host) >= away + 6 and waiting(host) == "human")
        host.select_option("[data-testid=stand-in][data-seat='1']", "")
        at_ply = ply(host)
        new_ctx, rejoined = device(rtc_browser, PHONE)
        join(host, rejoined, 1, fresh)
        rejoined.wait_for_selector("[data-testid=player-panel]", timeout=GAME_MS)
        rejoined.wait_for_function("(at) => Number(document.querySelector('[data-testid=game-status]').dataset.ply) === at",
                                   arg=at_ply, timeout=GAME_MS)
        host.wait_for_selector("[data-testid=presence][data-seat='1'][data-state=connected]", timeout=GAME_MS)
        host.wait_for_selector(f"{BADGE}[data-seat='1'][data-state=connected]")
        assert rejoined.query_selector(BADGE) is None  # a guest's own seat needs no badge: the only remote one here
        chat_crosses(host, rejoined)
        # the game goes on from there, both ways
        moves += play_until([host, rejoined], rng, lambda: ply(host) >= at_ply + 8 and ply(rejoined) == ply(host)
                            and waiting(host) in ("remote", "human"))
        assert not rejoined.problems, rejoined.problems
        # the host's tab closes.  The keepsake stays on the host's device (an export file leaves it out); a
        # copy of the record saved before keepsakes were kept: no guest can reach it, so a bot may play their seat
        record = host.evaluate("() => window.brewhouseRemote.table.record.id")
        host.wait_for_function("() => { const s = document.querySelector('[data-testid=game-status]').dataset; return s.saved === s.ply; }")
        saved = ply(host)
        kept, exported, old = host.evaluate("""async (id) => {
            const { SavesStore, newRecordId } = await import('./js/saves.js');
            const saves = new SavesStore();
            const { remote, ...record } = await saves.get(id);
            const exported = await saves.exportText([id]);
            const old = { ...record, id: newRecordId() };
            await saves.put(old);
            return [remote, exported, old.id]; }""", record)
        assert len(kept["secret"]) == 64 and kept["secret"] not in exported and record in exported
        host.evaluate("(id) => window.brewhouse.navigate('?resume=' + id)", old)
        host.wait_for_selector("[data-testid=game-status][data-waiting=human], [data-testid=game-status][data-waiting=remote]")
        host.evaluate("() => { window.brewhouseRemote = { table: window.brewhouse.table }; }")
        play_until([host], rng, lambda: host.query_selector("[data-testid=remote-resumed]") is not None)
        before = ply(host)
        host.select_option("[data-testid=stand-in][data-seat='1']", "easy")
        host.wait_for_function("(before) => Number(document.querySelector('[data-testid=game-status]').dataset.ply) > before", arg=before)
        # the saved game itself, hosted again from the home page: a fresh link for the seat, at the same ply
        host.evaluate("(id) => window.brewhouse.navigate('?resume=' + id)", record)
        again = invite_link(host, 1, previous=fresh)
        assert ply(host) == saved
        host.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
        host.wait_for_function("() => document.querySelector('[data-testid=qr]')?.width > 0")
        screenshot(host, "remote-resumed-invite-phone")
        host.set_viewport_size({"width": 1280, "height": 800})
        reloaded = new_ctx.new_page()  # the guest's page, reloaded, opens the new link
        reloaded.problems = watch(reloaded)
        join(host, reloaded, 1, again)
        reloaded.wait_for_function("(at) => Number(document.querySelector('[data-testid=game-status]')?.dataset.ply) === at",
                                   arg=saved, timeout=GAME_MS)
        host.wait_for_selector("[data-testid=presence][data-seat='1'][data-state=connected]", timeout=GAME_MS)
        # and the game goes on to its end, which the guest's engine verifies
        moves += play_until([host, reloaded], rng, lambda: over(host) and over(reloaded))
        reloaded.wait_for_selector("[data-testid=game-over] [data-testid=audit]", timeout=GAME_MS)
        assert reloaded.get_attribute("[data-testid=audit]", "data-verified") == "true", reloaded.inner_text("[data-testid=audit]")
        assert "verified" in reloaded.inner_text("[data-testid=audit]").lower()
        outcomes = [p.evaluate("() => window.brewhouseRemote.table.status.outcome") for p in (host, reloaded)]
        assert outcomes[0] == outcomes[1]
        assert ply(host) == ply(reloaded)
        screenshot(reloaded, "remote-verified-phone")
        screenshot(host, "remote-over-desktop")
        sent = host.evaluate("() => window.brewhouseRemote.sent")
        print(f"\nremote rush: invite link {len(link)} chars, answer code {len(code)} chars, {moves} moves clicked, "
              f"{first_move_s:.2f} s from code pasted to the first decision; the host hosting again sent "
              f"{sent['messages']} messages, {sent['chars']} chars, the largest {sent['chars'] and sent['largest']} chars")
        assert not host.problems and not reloaded.problems, (host.problems, reloaded.problems)
    finally:
        for ctx in (host_ctx, guest_ctx, new_ctx):
            if ctx is not None:
                ctx.close()


def same_ply(a, b) -> int:
    """Wait until page ``b`` shows the ply ``a`` is at (nobody moves meanwhile); that ply."""
    deadline = time.monotonic() + GAME_MS / 1000
    while ply(b) != ply(a):
        assert time.monotonic() < deadline, (ply(a), ply(b))
        time.sleep(0.05)
    return ply(a)


def test_seize_whole_by_three_and_a_spectator_who_joins_mid_game_verified(rtc_browser, site):
    """Seize the Bean by the host's own seat and two guests, watched by a spectator: four contexts.

    The spectator is invited from the lobby, the deal does not wait for them, they join mid-game and
    see the table as it stands at once (the view for no player: no options, no chat, "Watching", who
    is here); the host invites another at the table; every end screen agrees, every guest's and the
    spectator's says verified.
    """
    contexts = []
    try:
        (host_ctx, host), (ctx1, guest1), (ctx2, guest2), (watcher_ctx, watcher) = devices = [
            device(rtc_browser), device(rtc_browser), device(rtc_browser), device(rtc_browser, PHONE)]
        contexts = [ctx for ctx, _ in devices]
        guests = [guest1, guest2]
        host.goto(site + "?game=seize&seats=human,remote,remote")
        wait_ready(host)
        links = [invite_link(host, seat) for seat in (1, 2)]
        for guest, link in zip(guests, links):
            guest.goto(link)  # both boot at once
        host.click("[data-testid=invite-spectator]")
        watch_link = invite_link(host, spectator(1))
        assert watch_link not in links
        card = "[data-testid=remote-seat][data-spectator='1']"
        host.wait_for_function("(card) => document.querySelector(card + ' [data-testid=qr]')?.width > 0", arg=card)
        host.eval_on_selector(card, "el => el.scrollIntoView()")
        host.screenshot(path=str(ARTIFACTS / "remote-spectator-invite-desktop.png"))
        host.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
        host.eval_on_selector(card, "el => el.scrollIntoView()")
        host.screenshot(path=str(ARTIFACTS / "remote-spectator-invite-phone.png"))
        host.set_viewport_size({"width": 1280, "height": 800})
        for seat, guest in enumerate(guests, 1):
            answer(host, guest, seat)
        # dealt once both seats joined: the spectator's invite, still open, holds nothing up
        for page in (host, *guests):
            page.wait_for_selector("[data-testid=player-panel]", timeout=GAME_MS)
        players = [host, *guests]
        rng = random.Random(11)
        started = time.monotonic()
        moves = play_until(players, rng, lambda: ply(host) >= 15)
        watcher.goto(watch_link)  # the spectator's page boots while the game goes on
        moves += play_until(players, rng, lambda: watcher.query_selector("[data-testid=answer-code]") is not None)
        answer(host, watcher, spectator(1))
        watcher.wait_for_selector("[data-testid=player-panel]", timeout=GAME_MS)
        joined_at = same_ply(host, watcher)
        assert joined_at >= 15
        assert watcher.inner_text("[data-testid=watching]") == "Watching"
        assert watcher.query_selector("[data-move]") is None and watcher.query_selector("[data-testid=chat-toggle]") is None
        watcher.wait_for_function("(badge) => document.querySelectorAll(badge).length === 2", arg=BADGE)
        host.wait_for_selector("[data-testid=spectators][data-count='1']")
        screenshot(watcher, "remote-spectator-phone")
        watcher.set_viewport_size({"width": 1280, "height": 800})
        screenshot(watcher, "remote-spectator-desktop")
        # at the table, another invite to watch: a link of its own
        host.click("[data-testid=invite-spectator]")
        assert invite_link(host, spectator(2)) != watch_link
        host.screenshot(path=str(ARTIFACTS / "remote-spectator-reinvite-desktop.png"))
        host.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
        host.screenshot(path=str(ARTIFACTS / "remote-spectator-reinvite-phone.png"))
        host.set_viewport_size({"width": 1280, "height": 800})
        moves += play_until(players, rng, lambda: over(host) and all(over(p) for p in (*guests, watcher)), max_moves=5000)
        assert watcher.query_selector("[data-move]") is None
        for page in (*guests, watcher):
            page.wait_for_selector("[data-testid=game-over] [data-testid=audit]", timeout=GAME_MS)
            audit = page.inner_text("[data-testid=audit]")
            assert page.get_attribute("[data-testid=audit]", "data-verified") == "true" and "verified" in audit.lower(), audit
        outcomes = [p.evaluate("() => window.brewhouseRemote.table.status.outcome") for p in (host, *guests, watcher)]
        assert all(o == outcomes[0] for o in outcomes), outcomes
        assert len({ply(p) for p in (host, *guests, watcher)}) == 1
        watcher.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
        # three players' final scores fit a phone's page (their table scrolls in its own box)
        assert watcher.evaluate("() => document.documentElement.scrollWidth") <= PHONE[0]
        screenshot(watcher, "remote-spectator-verified-phone")
        sent = host.evaluate("() => window.brewhouseRemote.sent")
        print(f"\nremote seize by three and a spectator (joined at ply {joined_at}): {moves} moves clicked in "
              f"{time.monotonic() - started:.0f} s; host sent {sent['messages']} messages, {sent['chars']} chars, "
              f"the largest {sent['largest']} chars")
        problems = [p.problems for p in (host, *guests, watcher)]
        assert not any(problems), problems
    finally:
        for ctx in contexts:
            ctx.close()


#: the games played whole host+guest by the last test: Café by default (about half a minute), "cafe,seize" adds a
#: two-player Seize the Bean (about two minutes more; the three-player one above always runs), "" none
OTHER_GAMES = [g for g in os.environ.get("BREWHOUSE_REMOTE_GAMES", "cafe").split(",") if g]


@pytest.mark.skipif(not OTHER_GAMES, reason="BREWHOUSE_REMOTE_GAMES names no game")
def test_whole_games_of_the_other_games_verified(rtc_browser, site):
    """Café and Seize the Bean (its draft of founders included when set up), one host and one guest page for all."""
    host_ctx, host = device(rtc_browser)
    guest_ctx, guest = device(rtc_browser)
    try:
        for game in OTHER_GAMES:
            host.goto(site + f"?game={game}&seats=human,remote")
            if game == OTHER_GAMES[0]:
                wait_ready(host)
            join(host, guest, 1, invite_link(host, 1))
            for page in (host, guest):
                page.wait_for_selector("[data-testid=player-panel]", timeout=GAME_MS)
            started = time.monotonic()
            moves = play_until([host, guest], random.Random(game), lambda: over(host) and over(guest), max_moves=5000)
            guest.wait_for_selector("[data-testid=game-over] [data-testid=audit]", timeout=GAME_MS)
            assert guest.get_attribute("[data-testid=audit]", "data-verified") == "true", guest.inner_text("[data-testid=audit]")
            outcomes = [p.evaluate("() => window.brewhouseRemote.table.status.outcome") for p in (host, guest)]
            assert outcomes[0] == outcomes[1]
            sent = host.evaluate("() => window.brewhouseRemote.sent")
            print(f"\nremote {game}: {moves} moves clicked in {time.monotonic() - started:.0f} s; host sent {sent['messages']} "
                  f"messages, {sent['chars']} chars, the largest {sent['largest']} chars")
        assert not host.problems and not guest.problems, (host.problems, guest.problems)
    finally:
        host_ctx.close()
        guest_ctx.close()
