"""A table whose run starts from a position a move on its way is about to replace.

In a hosted game two things end in the table's run(): a guest's move arriving
(remoteMoved) and this device's own moves, an automatic one included.  When
they cross, a run can read the status from before a move whose answer has not
come back yet.  It once took this device's seat for the one deciding, fetched
the view (by then the guest's decision), and waited for a click on options
that were not there; the guest's next move found the table "waiting for a
human" and did not wake it: the game stopped (a Seize game by three, one deal
in three).  The run now decides from the view it fetched.

Here the crossing is made on purpose, on a Coffee Rush table whose engine is
wrapped: seat 1 counts as another device's, seat 0's decision plays itself (its
first option, as a decision with one option does) and the answer to that move
is held back while a second run starts.
"""
from __future__ import annotations

from conftest import open_table, settle

CROSSING = """async () => {
  const { Table } = await import('/js/table/controller.js');
  const shown = window.brewhouse.table;
  const engine = window.brewhouse.engine;
  // a game of its own: seat 1 (a bot to the engine) is "another device" to this table
  const real = await engine.call('new_game', { game: 'rush', config: { players: 2 }, seats: ['human', 'easy'], seed: 7 });
  const first = (await engine.call('legal_moves', { match: real.match, player: 1 }))[0].id;
  await engine.call('apply_move', { match: real.match, move: first });  // seat 0 decides next
  const remote = (out) => (out && Array.isArray(out.seats) ? { ...out, seats: ['human', 'remote'] } : out);
  let automatic = true;          // seat 0's next decision plays itself, once
  let release = null;            // lets the held answer to that move come back
  const held = new Promise((resolve) => { release = resolve; });
  let holding = null;
  let answered = false;
  const heldNow = new Promise((resolve) => { holding = resolve; });
  const wrapped = {
    async call(method, params = {}) {
      const out = await engine.call(method, params);
      if (method === 'apply_move' && !answered) {
        answered = true;
        holding();               // the engine has played it; the table hears of it only later
        await held;
      }
      if (method === 'view' && automatic && params.player === 0 && out.active_player === 0 && out.moves.length) {
        automatic = false;
        return remote({ ...out, auto_move: out.moves[0].id });
      }
      return remote(out);
    },
  };
  const root = document.createElement('div');
  document.body.append(root);
  const table = new Table({ engine: wrapped, saves: null, renderer: shown.renderer, gameInfo: shown.gameInfo, root,
    info: shown.info, navigate: () => {}, remote: {} });
  const status = remote(await engine.call('status', { match: real.match, player: 0 }));
  table.startHosted(status);     // its run plays seat 0's automatic move, whose answer is held
  await heldNow;
  const crossing = table.run();  // a second run, as a guest's move arriving would start
  release();
  await crossing;
  for (let i = 0; i < 100 && table.waiting !== 'remote'; i++) await new Promise((r) => setTimeout(r, 20));
  const at = { waiting: table.waiting, active: table.status.active_player, moves: table.moves.length };
  // the guest moves: the table goes on to seat 0's next decision, with its options
  const answer = (await engine.call('legal_moves', { match: real.match, player: 1 }))[0].id;
  await engine.call('apply_move', { match: real.match, move: answer });
  await table.remoteMoved();
  for (let i = 0; i < 100 && table.waiting !== 'human'; i++) await new Promise((r) => setTimeout(r, 20));
  const after = { waiting: table.waiting, active: table.status.active_player, moves: table.moves.length };
  table.close();
  root.remove();
  return { at, after };
}"""


def test_a_run_that_read_a_position_a_move_replaced_waits_for_the_seat_that_decides(page, site):
    open_table(page, site, "?game=rush&seats=human,easy&seed=7")
    settle(page)
    out = page.evaluate(CROSSING)
    # seat 0's automatic move went through: the other device's seat decides, and the table waits for it
    assert out["at"] == {"waiting": "remote", "active": 1, "moves": 0}, out
    assert out["after"]["waiting"] == "human" and out["after"]["active"] == 0 and out["after"]["moves"] > 0, out
    assert not page.problems, page.problems
