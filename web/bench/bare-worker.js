const started = performance.now();
try {
  const manifest = await (await fetch(new URL("../build-manifest.json", import.meta.url), { cache: "no-cache" })).json();
  const base = new URL(`../${manifest.pyodide.path}/`, import.meta.url);
  const { loadPyodide } = await import(new URL("pyodide.mjs", base).href);
  await loadPyodide({ indexURL: base.href });
  postMessage({ ok: true, bootMs: performance.now() - started });
} catch (err) {
  postMessage({ ok: false, error: String(err) });
}
