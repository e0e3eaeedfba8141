// The host reads a guest's answer code from its QR code instead of pasting it:
// with the camera (the rear one where there are two), or from a photo where
// the camera is refused or absent.  Frames are read by the browser's own
// BarcodeDetector where it knows QR codes, else by jsQR (the npm library,
// loaded only when a scan starts).  A code read that is an answer code goes
// to the same form a paste goes to; anything else is said, never a silent
// spinner.  The camera is on only while its box is open.
import { t } from "../i18n.js";
import { h } from "../table/dom.js";
import { parseCompact } from "./signal.js";

/** The longest side (pixels) a camera frame is scaled to before it is read: a code across a table, read quickly. */
const FRAME_SIDE = 720;
/** A photo is read larger: the code may be a small part of it. */
const PHOTO_SIDE = 1600;
/** Time between two camera frames read (ms): a few a second is plenty and leaves the page responsive. */
const FRAME_MS = 150;

let reader = null;

/**
 * The QR reader of this browser, made once: {kind: "native"|"jsqr", read(canvas) -> Promise<text|null>}.
 * BarcodeDetector where it supports qr_code (Chromium on Android and macOS, Safari); jsQR elsewhere.
 */
export function qrReader() {
  reader ??= nativeReader().then((native) => native ?? jsqrReader());
  reader.catch(() => { reader = null; }); // a library that failed to load may load on the next try
  return reader;
}

async function nativeReader() {
  if (!("BarcodeDetector" in window)) return null;
  try {
    if (!(await BarcodeDetector.getSupportedFormats()).includes("qr_code")) return null;
    const detector = new BarcodeDetector({ formats: ["qr_code"] });
    return { kind: "native", read: async (canvas) => (await detector.detect(canvas))[0]?.rawValue ?? null };
  } catch {
    return null; // a detector that cannot run here: jsQR reads instead
  }
}

async function jsqrReader() {
  const { jsQR } = await import("../vendor-scan.js");
  return { kind: "jsqr", read: async (canvas) => {
    const pixels = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(pixels.data, pixels.width, pixels.height)?.data ?? null;
  } };
}

/** `source` (a video, an image bitmap) drawn on `canvas`, scaled down so its longest side is at most `side`. */
function draw(canvas, source, width, height, side) {
  const scale = Math.min(1, side / Math.max(width, height));
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  canvas.getContext("2d", { willReadFrequently: true }).drawImage(source, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/** Whether `text` is a guest's answer code (the compact answer a join screen shows). */
export function isAnswerCode(text) {
  try {
    parseCompact(text);
    return true;
  } catch {
    return false;
  }
}

/** The message for a camera that getUserMedia did not give: refused by the player (or the page), or none to start. */
export function cameraErrorKey(err) {
  return err?.name === "NotAllowedError" || err?.name === "SecurityError" ? "remote.scan.cameraRefused" : "remote.scan.noCamera";
}

/**
 * The scan controls of seat `seat`'s answer form: "Scan the code" (where the browser offers a camera at
 * all) and "Scan from a photo" (always), the live camera in a small box with Cancel, and what went wrong.
 * `onCode(code)` receives an answer code read (the camera already stopped).
 * Returns {el, stop()}: stop() turns the camera off (the host calls it when its screen closes).
 */
export function answerScanner({ seat, onCode }) {
  const data = (testid) => ({ testid, seat: String(seat) });
  const canvas = document.createElement("canvas");
  const video = h("video.remote-scan-video", { muted: true, playsInline: true, autoplay: true, "aria-label": t("remote.scan.video") });
  const cancel = h("button.secondary", { type: "button", dataset: data("scan-cancel"), onclick: () => { stop(); cameraButton?.focus(); } },
    t("remote.scan.cancel"));
  const view = h("div.remote-scan-view", { hidden: true, dataset: data("scan-view") },
    h("div.remote-scan-frame", video), h("p.muted.remote-scan-hint", t("remote.scan.hint")), cancel);
  const note = h("div.remote-scan-note");
  // a camera where the browser has the API and the page may use it (a permissions policy may say no)
  const policy = document.permissionsPolicy ?? document.featurePolicy;
  const cameraButton = navigator.mediaDevices?.getUserMedia && policy?.allowsFeature?.("camera") !== false
    ? h("button.secondary", { type: "button", dataset: data("scan-camera"), onclick: () => startCamera() }, t("remote.scan.camera"))
    : null;
  // no `capture`: the player chooses between the camera app and a picture already taken
  const file = h("input", { type: "file", accept: "image/*", hidden: true, dataset: data("scan-photo-input"),
    onchange: () => { if (file.files[0]) readPhoto(file.files[0]); file.value = ""; } });
  const photoButton = h("button.secondary", { type: "button", dataset: data("scan-photo"), onclick: () => file.click() }, t("remote.scan.photo"));
  const el = h("div.remote-scan", { dataset: data("scanner") }, h("div.remote-scan-buttons", cameraButton, photoButton, file), view, note);

  let stream = null;
  let timer = 0;
  let run = 0; // each start, photo and stop is a new run: what an older one finds late is dropped

  /** A message under the buttons (`key` null: none); a problem is an alert, progress a status. */
  function say(key, kind = "alert") {
    if (!key) return note.replaceChildren();
    note.replaceChildren(h(kind === "alert" ? "p.error-text" : "p.muted", { role: kind, dataset: { testid: "scan-message", key } }, t(key)));
  }

  function stop() {
    run++;
    clearTimeout(timer);
    for (const track of stream?.getTracks() ?? []) track.stop();
    stream = null;
    video.srcObject = null;
    view.hidden = true;
    if (cameraButton) cameraButton.disabled = false;
  }

  /** A text read: an answer code goes to the form (true); anything else is said and the scan goes on. */
  function found(text) {
    if (!isAnswerCode(text)) {
      say("remote.scan.notAnswer");
      return false;
    }
    stop();
    say(null);
    onCode(text.trim());
    return true;
  }

  async function startCamera() {
    stop();
    say(null);
    const mine = run;
    cameraButton.disabled = true;
    let media, qr;
    try {
      media = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: "environment" } }, audio: false });
    } catch (err) {
      if (mine !== run) return;
      cameraButton.disabled = false;
      return say(cameraErrorKey(err));
    }
    if (mine !== run) return media.getTracks().forEach((track) => track.stop()); // cancelled, or the screen left, meanwhile
    stream = media;
    video.srcObject = stream;
    view.hidden = false;
    view.scrollIntoView({ block: "nearest" });
    try {
      qr = await qrReader();
    } catch (err) {
      stop();
      return say("remote.scan.failed");
    }
    if (mine !== run) return;
    el.dataset.reader = qr.kind;
    const tick = async () => {
      if (mine !== run) return;
      if (video.paused) video.play().catch(() => {}); // moved in the page when the lobby is drawn again
      if (video.readyState >= video.HAVE_CURRENT_DATA && video.videoWidth) {
        const text = await qr.read(draw(canvas, video, video.videoWidth, video.videoHeight, FRAME_SIDE)).catch(() => null);
        if (mine !== run || (text !== null && found(text))) return;
      }
      timer = setTimeout(tick, FRAME_MS);
    };
    tick();
  }

  async function readPhoto(photo) {
    stop(); // a photo instead of the camera
    const mine = run;
    say("remote.scan.reading", "status");
    let text = null;
    try {
      const qr = await qrReader();
      el.dataset.reader = qr.kind;
      const bitmap = await createImageBitmap(photo);
      try {
        text = await qr.read(draw(canvas, bitmap, bitmap.width, bitmap.height, PHOTO_SIDE));
      } finally {
        bitmap.close();
      }
    } catch (err) {
      // not an image the browser can open, or no reader: said as what the player can do about it
      if (mine === run) say(err instanceof DOMException ? "remote.scan.nothingFound" : "remote.scan.failed");
      return;
    }
    if (mine !== run) return;
    if (text === null) say("remote.scan.nothingFound");
    else found(text);
  }

  return { el, stop };
}
