// The table's notice that the game is not being saved: storage is full even
// after the site dropped the caches it can do without (storage.js).  It stays
// on screen until a save goes through again, with the way to keep the game
// anyway right in it: "Export this game" (a file the player keeps).
import { t } from "../i18n.js";
import { h } from "./dom.js";

export class StorageFullNotice {
  /** `onExport()`: download the game as it stands. */
  constructor(onExport) {
    this.onExport = onExport;
    this.el = h("div.storage-full.error-panel", { dataset: { testid: "storage-full" }, role: "alert", hidden: true });
  }

  show() {
    this.el.hidden = false;
    this.render();
  }

  hide() { this.el.hidden = true; }

  /** Draw it again in the current language (nothing while it is hidden). */
  render() {
    if (this.el.hidden) return;
    this.el.replaceChildren(
      h("strong", t("table.storageFull")),
      h("p.muted", t("table.storageFull.hint")),
      h("button", { type: "button", dataset: { testid: "storage-full-export" }, onclick: () => this.onExport() },
        t("table.storageFull.export")));
  }
}
