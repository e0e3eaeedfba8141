"""A remote guest's copy of its seat when the device's storage is full (web/js/remote/guest-copy.js).

The copy is written like a save (storage.js makes room first); with no room
left the page is told (and says so) but play goes on, and the next write
catches up with every update not stored yet.  The whole flow with a host
(reload, waiting state, rejoin from the copy) is in test_remote_play.py.
"""
from __future__ import annotations

from test_storage_full import set_quota, usage

KEEP_JS = """async ([phase]) => {
    const { GuestCopies, CopyKeeper } = await import('./js/remote/guest-copy.js');
    const copies = new GuestCopies();
    const invite = { commit: 'c'.repeat(64), seat: 1 };
    const pad = 'x'.repeat(300000);  // one update about as big as a late Seize the Bean one, times ten
    window.kept ??= { n: 0, full: 0 };
    // an engine that answers remote_guest_keepsake as the real one does: the updates from `from` on
    const engine = { call: async (method, params) => {
        const all = Array.from({ length: window.kept.n }, (_, i) => ({ type: 'update', ply: i, pad }));
        return { invite, token: 't'.repeat(32), nonce: 'n'.repeat(32), nonces: [], own_nonce: true,
                 updates: all.slice(params.from), from: params.from, count: all.length }; } };
    window.keeper ??= new CopyKeeper({ engine, copies, invite, link: 'first-link',
        joined: { guest: 'g1', game: 'rush', seat: 1, seats: ['human', 'remote'] },
        onFull: () => { window.kept.full += 1; } });
    window.kept.n += 3;
    await window.keeper.keep({ ply: window.kept.n, over: false });
    const record = await copies.get('c'.repeat(64) + '-1');
    return { full: window.kept.full, stored: record ? (await copies.keepsake(record)).updates.length : null,
             count: window.keeper.stored };
}"""


def test_a_full_device_keeps_no_copy_but_play_goes_on_and_the_next_write_catches_up(page, site):
    page.goto(site)
    page.wait_for_function("() => window.brewhouse")
    cdp = set_quota(page, site, usage(page) + 200_000)
    assert page.evaluate(KEEP_JS, ["full"]) == {"full": 1, "stored": None, "count": 0}  # said, nothing half-written
    cdp.send("Storage.overrideQuotaForOrigin", {"origin": site.rstrip("/"), "quotaSize": 500_000_000})
    assert page.evaluate(KEEP_JS, ["room"]) == {"full": 1, "stored": 6, "count": 6}  # every update, the missed ones too
    assert page.problems == []
