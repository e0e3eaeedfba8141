// Engine versions as players read them.

/** "0.3" of the engine version "0.3.1" that wrote a save ("?" when it does not say). */
export function shortVersion(version) {
  return typeof version === "string" && version ? version.slice(0, 20).split(".").slice(0, 2).join(".") : "?";
}
