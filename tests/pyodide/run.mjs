// Run a Python script in real Pyodide under Node, with the engine wheel of a
// built dist/ installed by micropip exactly as the browser worker does it.
// Usage: node run.mjs DIST SCRIPT.py [EXTRA_DIR]
// The script's global `result` is printed as JSON on the last line of stdout,
// with the boot's timings under "node".  BREWHOUSE_STDLIB_ZIP=PATH boots with
// another standard library zip (`make bench` compares the npm package's).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [dist, script, extraDir] = process.argv.slice(2);
const distDir = path.resolve(dist);
const manifest = JSON.parse(readFileSync(path.join(distDir, "build-manifest.json"), "utf8"));
const started = performance.now();
const { loadPyodide } = await import(pathToFileURL(path.join(distDir, manifest.pyodide.path, "pyodide.mjs")).href);
const { aliasNamesForMicropip } = await import(pathToFileURL(path.join(distDir, "js", "micropip-compat.js")).href);

const stdlibZip = process.env.BREWHOUSE_STDLIB_ZIP;
const pyodide = await loadPyodide({
  indexURL: path.join(distDir, manifest.pyodide.path) + "/",
  ...(stdlibZip ? { stdLibURL: path.resolve(stdlibZip) } : {}),
  stdout: (s) => console.error(s), stderr: (s) => console.error(s),
});
const bootMs = performance.now() - started;
aliasNamesForMicropip(pyodide);
const errors = [];
await pyodide.loadPackage(path.join(distDir, manifest.micropip.wheel), { messageCallback: () => {}, errorCallback: (m) => errors.push(m) });
if (errors.length) throw new Error(errors.join("; "));
const wheelName = manifest.engine.wheel.split("/").pop();
pyodide.FS.mkdirTree("/tmp/wheels");
pyodide.FS.writeFile(`/tmp/wheels/${wheelName}`, readFileSync(path.join(distDir, manifest.engine.wheel)));
const micropip = pyodide.pyimport("micropip");
await micropip.install(`emfs:/tmp/wheels/${wheelName}`);
const readyMs = performance.now() - started;

if (extraDir) {
  // test-only modules (e.g. the toy game) are copied into the Pyodide file system
  pyodide.FS.mkdirTree("/extra/support");
  for (const name of ["__init__.py", "toygame.py"]) {
    pyodide.FS.writeFile(`/extra/support/${name}`, readFileSync(path.join(extraDir, "support", name)));
  }
  // and the golden save corpus, which the engine must load in WebAssembly too
  const corpus = path.join(extraDir, "fixtures", "saves");
  pyodide.FS.mkdirTree("/extra/fixtures/saves");
  for (const name of readdirSync(corpus).filter((n) => n.endsWith(".json"))) {
    pyodide.FS.writeFile(`/extra/fixtures/saves/${name}`, readFileSync(path.join(corpus, name)));
  }
  pyodide.runPython("import sys; sys.path.insert(0, '/extra')");
}
pyodide.runPython(readFileSync(script, "utf8"));
const scriptDoneMs = performance.now() - started;
const result = pyodide.globals.get("result");
const out = typeof result === "string" ? JSON.parse(result) : result.toJs({ dict_converter: Object.fromEntries });
out.node = { boot_ms: Math.round(bootMs), ready_ms: Math.round(readyMs), script_done_ms: Math.round(scriptDoneMs), python: pyodide.runPython("import sys; sys.version.split()[0]") };
console.log(JSON.stringify(out));
