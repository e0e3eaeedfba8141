// "Install the app" on the home page, and nothing more than a line.
//
// Chromium browsers say when the app can be installed: they fire
// `beforeinstallprompt`, whose prompt() opens their own install dialog; the
// line then shows an Install button, and goes once the app is installed
// (`appinstalled`).  Safari installs from its own menus and fires nothing:
// the line says where to look.  Anywhere else, or inside the installed app
// (a standalone window), it says nothing.
import { t } from "./i18n.js";

/** Display modes of an installed app's window (the manifest asks for standalone). */
const APP_DISPLAY_MODES = ["standalone", "fullscreen", "minimal-ui", "window-controls-overlay"];

/**
 * How this browser installs the app:
 *   "prompt"      it fires beforeinstallprompt (Chromium): wait for it, then offer the button;
 *   "ios"         iPhone and iPad: Share → Add to Home Screen;
 *   "mac-safari"  Safari 17+ on a Mac: File → Add to Dock;
 *   null          nothing to say (already running as the app, or a browser that cannot install it).
 * iPadOS calls itself a Mac: a Mac with a touch screen is an iPad.
 */
export function installWay({ userAgent = "", maxTouchPoints = 0, promptable = false, standalone = false } = {}) {
  if (standalone) return null;
  if (promptable) return "prompt";
  const mac = /Macintosh/.test(userAgent);
  if (/iPhone|iPad|iPod/.test(userAgent) || (mac && maxTouchPoints > 1)) return "ios";
  const safari = /Version\/(\d+)[.\d]* (Mobile\/\S+ )?Safari\//.exec(userAgent);
  if (mac && safari && Number(safari[1]) >= 17 && !/Chrome|Chromium|Edg|Firefox|OPR/.test(userAgent)) return "mac-safari";
  return null;
}

/** The key of the line's words for each way (the button has its own). */
const WORDS = { prompt: "install.prompt", ios: "install.ios", "mac-safari": "install.macSafari" };

/** True inside the installed app's own window. */
function runningAsApp() {
  return navigator.standalone === true || APP_DISPLAY_MODES.some((mode) => matchMedia(`(display-mode: ${mode})`).matches);
}

/** Marked data-i18n, the words follow a change of language like the page's static text. */
function say(element, key) {
  element.dataset.i18n = key;
  element.textContent = t(key);
}

/**
 * Fill the install line `section` (#install in index.html): a `[data-install=button]`
 * and a `[data-install=text]` inside it.  Shown only when there is something to say.
 */
export function initInstall(section) {
  const button = section.querySelector("[data-install=button]");
  const text = section.querySelector("[data-install=text]");
  const standalone = runningAsApp();
  const way = installWay({ userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints,
    promptable: "onbeforeinstallprompt" in window, standalone });
  section.dataset.way = way ?? "none";
  if (way && way !== "prompt") {
    say(text, WORDS[way]);
    section.hidden = false;
  }
  let offer = null; // the browser's deferred install prompt, usable once
  window.addEventListener("beforeinstallprompt", (event) => {
    // a window of its own already (Chromium offers to install even an --app window): nothing to add
    if (standalone) return;
    event.preventDefault(); // no mini-infobar of the browser's own: the line offers it, calmly
    offer = event;
    say(text, WORDS.prompt);
    button.hidden = false;
    section.hidden = false;
  });
  button.addEventListener("click", () => {
    if (!offer) return;
    const prompt = offer;
    offer = null;
    // a prompt serves once, accepted or not: the line goes, and comes back if the browser offers again
    button.hidden = true;
    section.hidden = true;
    prompt.prompt().catch((err) => console.info("install prompt not shown:", err.message));
  });
  window.addEventListener("appinstalled", () => {
    offer = null;
    section.hidden = true;
  });
}
