// Time one cold start of the engine in Pyodide under Node, as the browser
// worker does it (boot, micropip, install the wheel, import the API), with a
// given standard library zip.  `make bench` runs it with the npm package's
// source-only zip and with the byte-compiled one dist/ ships, alternately.
// Usage: node stdlib_boot.mjs DIST STDLIB_ZIP   -> {"boot_ms": .., "ready_ms": ..}
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [dist, stdlibZip] = process.argv.slice(2);
const distDir = path.resolve(dist);
const manifest = JSON.parse(readFileSync(path.join(distDir, "build-manifest.json"), "utf8"));
const started = performance.now();
const { loadPyodide } = await import(pathToFileURL(path.join(distDir, manifest.pyodide.path, "pyodide.mjs")).href);
const { aliasNamesForMicropip } = await import(pathToFileURL(path.join(distDir, "js", "micropip-compat.js")).href);
const pyodide = await loadPyodide({ indexURL: path.join(distDir, manifest.pyodide.path) + "/", stdLibURL: path.resolve(stdlibZip) });
const bootMs = performance.now() - started;
aliasNamesForMicropip(pyodide);
await pyodide.loadPackage(path.join(distDir, manifest.micropip.wheel), { messageCallback: () => {} });
const wheelName = manifest.engine.wheel.split("/").pop();
pyodide.FS.mkdirTree("/tmp/wheels");
pyodide.FS.writeFile(`/tmp/wheels/${wheelName}`, readFileSync(path.join(distDir, manifest.engine.wheel)));
await pyodide.pyimport("micropip").install(`emfs:/tmp/wheels/${wheelName}`);
pyodide.pyimport("brewhouse.api");
console.log(JSON.stringify({ boot_ms: Math.round(bootMs), ready_ms: Math.round(performance.now() - started) }));
