// The setup screen: seats (human or a bot level the engine offers), solo vs
// Starbots when the engine accepts it, who starts, the game's options and an
// optional seed.  Starting a game navigates to its share URL, so a setup is
// always exactly reproducible.
import { t } from "../i18n.js";
import { h } from "./dom.js";
import { levelName } from "./seat-name.js";
import { shareURL } from "./url.js";
import { REMOTE_SEAT } from "./controller.js";

/**
 * Solo support is probed, never assumed: the engine must accept a Starbots
 * seat.  Returns the winning {config, seats} shape maker, or null.
 */
export async function probeSolo(engine, game) {
  const shapes = [
    (level) => ({ config: { players: 1, starbots_level: level }, seats: ["human", `starbots-${level}`] }),
    (level) => ({ config: { players: 1, starbots_level: level }, seats: ["human"] }),
    (level) => ({ config: { players: 2, starbots_level: level }, seats: ["human", `starbots-${level}`] }),
  ];
  for (const shape of shapes) {
    try {
      const st = await engine.call("new_game", { game, ...shape(1), seed: 1 });
      await engine.call("close", { match: st.match });
      return shape;
    } catch { /* not this shape */ }
  }
  return null;
}

const BOT_LEVEL_KEY = "brewhouse.botLevel";

/**
 * Who sits on a seat the player adds (and on the second seat of a new setup): a bot
 * when the game has any, of the level the player last chose for a seat, else "easy"
 * (a player most often fills a table with bots; a friend at the device is one choice away).
 */
function newSeat(botLevels) {
  const chosen = localStorage.getItem(BOT_LEVEL_KEY);
  if (botLevels.includes(chosen)) return chosen;
  return botLevels.includes("easy") ? "easy" : botLevels[0] ?? "human";
}

function rememberBotLevel(seat) {
  if (seat !== "human" && seat !== REMOTE_SEAT) localStorage.setItem(BOT_LEVEL_KEY, seat);
}

/**
 * The setup screen.  A renderer with a `setupPanel` (Seize the Bean: districts,
 * difficulty levels) adds its own fieldsets, read from the engine's
 * `game_options`; a setup it finds a problem with cannot start.  `initial`
 * (a refused link's setup) fills the screen in, so nothing chosen is lost.
 * `learn` (given when the game has lessons) opens its lesson list.
 */
export function renderSetup(root, { renderer, gameInfo, botLevels, solo, navigate, gameOptions = null, initial = null, learn = null }) {
  const min = Math.max(renderer.minSeats ?? 2, gameInfo.min_players);
  const max = gameInfo.max_players;
  const state = { mode: "multi", seats: ["human", newSeat(botLevels)], first: "0", level: 1, options: {}, seed: "" };
  if (initial) {
    const starbots = initial.seats.find((s) => s.startsWith("starbots-"));
    if (starbots && solo) Object.assign(state, { mode: "solo", level: Number(starbots.split("-")[1]) });
    else if (initial.seats.length >= min && initial.seats.length <= max) state.seats = initial.seats.map((s, i) => (s === "human" || botLevels.includes(s) || (s === REMOTE_SEAT && i > 0) ? s : "human"));
    for (const [name, spec] of Object.entries(renderer.options)) if (spec.type === "bool" && initial.options?.[name]) state.options[name] = true;
    if (initial.seed !== null && initial.seed !== undefined) state.seed = String(initial.seed);
  }
  const panelState = renderer.setupPanel ? renderer.panelState?.(initial?.options ?? {}) ?? {} : null;
  const form = h("form.setup", { dataset: { testid: "setup" }, novalidate: true });

  function seatSelect(i) {
    // a friend on another device (remote play) sits anywhere but the first seat, the host's own
    const choices = ["human", ...botLevels, ...(i > 0 ? [REMOTE_SEAT] : [])];
    return h("label.seat",
      h("span", t("setup.seat", { n: i + 1 })),
      h("select", { dataset: { testid: `seat-${i}` }, onchange: (e) => { state.seats[i] = e.target.value; rememberBotLevel(e.target.value); draw(); } },
        choices.map((c) => h("option", { value: c, selected: state.seats[i] === c },
          c === "human" ? t("setup.human") : c === REMOTE_SEAT ? t("setup.remote") : t("setup.bot", { level: levelName(c) })))),
      state.seats.length > min
        ? h("button.secondary.small", { type: "button", dataset: { testid: `remove-seat-${i}` }, "aria-label": t("setup.removeSeat", { n: i + 1 }),
          onclick: () => { state.seats.splice(i, 1); state.first = "0"; draw(); } }, "✕")
        : null);
  }

  function draw() {
    const multi = state.mode === "multi";
    const botNote = botLevels.length <= 1 ? h("p.note", { dataset: { testid: "bots-note" } }, t("setup.botsComing")) : null;
    const modeBox = h("fieldset",
      h("legend", t("setup.mode")),
      h("label.radio", h("input", { type: "radio", name: "mode", value: "multi", checked: multi, onchange: () => { state.mode = "multi"; draw(); } }), t("setup.multi", { min, max })),
      h("label.radio", h("input", { type: "radio", name: "mode", value: "solo", checked: !multi, disabled: !solo, dataset: { testid: "mode-solo" },
        onchange: () => { state.mode = "solo"; draw(); } }), t("setup.solo")),
      // the game has an automa but the engine does not offer it (yet)
      solo ? null : h("p.note", { dataset: { testid: "solo-note" } }, t("setup.soloComing")));
    const seatsBox = multi
      ? h("fieldset", h("legend", t("setup.seats")), state.seats.map((_, i) => seatSelect(i)),
        state.seats.length < max ? h("button.secondary", { type: "button", dataset: { testid: "add-seat" }, onclick: () => { state.seats.push(newSeat(botLevels)); draw(); } }, t("setup.addSeat")) : null,
        botNote,
        h("label.seat", h("span", t("setup.first")),
          h("select", { dataset: { testid: "first-player" }, onchange: (e) => { state.first = e.target.value; } },
            h("option", { value: "random", selected: state.first === "random" }, t("setup.firstRandom")),
            state.seats.map((_, i) => h("option", { value: String(i), selected: state.first === String(i) }, t("setup.seat", { n: i + 1 }))))),
        h("p.muted", t("setup.firstHint"),
          // what only this game needs said (e.g. who takes Seize the Bean's full cup), declared by its renderer
          (renderer.setupNotes ?? []).map((key) => [" ", h("span", { dataset: { testid: "setup-note", key } }, t(key))])))
      : h("fieldset", h("legend", t("setup.starbots")),
        h("label.seat", h("span", t("setup.starbotsLevel")),
          h("input", { type: "number", min: 1, max: 20, value: state.level, dataset: { testid: "starbots-level" },
            onchange: (e) => { state.level = Math.min(20, Math.max(1, Math.round(Number(e.target.value) || 1))); } })),
        h("p.muted", t("setup.starbotsHint")));
    // a game's own fieldsets (districts, levels…): their problems keep the game from starting
    const panel = renderer.setupPanel && gameOptions
      ? renderer.setupPanel({ gameOptions, panel: panelState, players: multi ? state.seats.length : 1, redraw: draw,
        seatLabels: multi ? state.seats.map((_, i) => t("setup.seat", { n: i + 1 })) : null })
      : { nodes: [], problems: [], options: () => ({}) };
    const boolOptions = Object.entries(renderer.options).filter(([, spec]) => spec.type === "bool");
    const optionsBox = boolOptions.length
      ? h("fieldset", h("legend", t("setup.options")),
        boolOptions.filter(([, spec]) => !spec.soloOnly || state.mode === "solo").map(([name, spec]) => h("label.check",
          h("input", { type: "checkbox", checked: !!state.options[name], dataset: { testid: `option-${name}` }, onchange: (e) => { state.options[name] = e.target.checked; } }),
          h("span", h("strong", t(spec.label)), h("br"), h("span.muted", t(spec.hint))))))
      : null;
    const seedBox = h("fieldset", h("legend", t("setup.seed")),
      h("label.seat", h("span", t("setup.seedLabel")),
        h("input", { type: "text", inputMode: "numeric", pattern: "[0-9]*", value: state.seed, placeholder: t("setup.seedRandom"), dataset: { testid: "seed" },
          oninput: (e) => { state.seed = e.target.value.trim(); } })));
    const message = h("p.error-text", { role: "alert", dataset: { testid: "setup-error" }, hidden: true });
    const problems = panel.problems.length
      ? h("div.setup-problems.error-text", { role: "alert", dataset: { testid: "setup-problem" } },
        h("strong", t("setup.cannotStart")), h("ul", panel.problems.map((p) => h("li", p))))
      : null;
    form.replaceChildren(
      h("h2", t("setup.title", { game: gameInfo.title })),
      // only a game with an automa (renderer.solo: Starbots™) has a solo mode to choose
      ...[...(renderer.solo ? [modeBox] : []), seatsBox, ...panel.nodes, optionsBox, seedBox, problems, message].filter(Boolean),
      // stuck to the bottom of the screen: Start is in reach however long the form is
      h("div.row-buttons.setup-actions",
        h("button", { type: "submit", dataset: { testid: "start" }, disabled: panel.problems.length > 0 }, t("setup.start")),
        learn ? h("button.secondary", { type: "button", dataset: { testid: "setup-learn" }, onclick: learn }, t("learn.button")) : null,
        h("button.secondary", { type: "button", onclick: () => navigate("") }, t("table.backHome"))));
    form.onsubmit = (event) => {
      event.preventDefault();
      if (panel.problems.length) return; // never submitted: the problems are on screen
      if (state.seed && (!/^\d{1,16}$/.test(state.seed) || Number(state.seed) > 2 ** 53 - 1)) {
        message.hidden = false;
        message.textContent = t("setup.badSeed");
        return;
      }
      const seed = state.seed ? Number(state.seed) : Math.floor(Math.random() * 2 ** 31);
      let seats;
      const options = Object.fromEntries(Object.entries(state.options).filter(([name]) => state.mode === "solo" || !renderer.options[name].soloOnly));
      Object.assign(options, panel.options());
      if (state.mode === "solo") seats = ["human", `starbots-${state.level}`];
      else {
        const first = state.first === "random" ? Math.floor(Math.random() * state.seats.length) : Number(state.first);
        const rotate = (list) => [...list.slice(first), ...list.slice(0, first)];
        seats = rotate(state.seats);
        // what is said per seat turns with the seats
        for (const [name, spec] of Object.entries(renderer.options)) if (spec.perSeat && Array.isArray(options[name])) options[name] = rotate(options[name]);
      }
      navigate(shareURL({ game: renderer.id, seats, seed, options }));
    };
  }
  draw();
  root.replaceChildren(form);
  form.querySelector("select, input")?.focus();
}
