// Byte-compile Pyodide's standard library zip, inside that same Pyodide.
//
// The npm package ships python_stdlib.zip as .py sources only, so every page
// load compiled each module it imported (Pyodide's own boot, micropip and the
// engine's imports: seconds of a cold start).  This writes the same zip with
// each .py replaced by its .pyc, as pyodide-build's `create_zipfile
// --pycompile` and CPython's embeddable distribution do.  Compiling in the
// Pyodide that will load the zip (under Node) guarantees the bytecode matches
// its interpreter, whatever Python the build machine has.  Other entries
// (data files, folders) are copied unchanged, in order.
//
// Usage: node compile_stdlib.mjs PYODIDE_DIR IN_ZIP OUT_ZIP
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, inZip, outZip] = process.argv.slice(2);
if (!outZip) {
  console.error("usage: node compile_stdlib.mjs PYODIDE_DIR IN_ZIP OUT_ZIP");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(path.resolve(pyodideDir), "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideDir) + path.sep });
pyodide.FS.writeFile("/tmp/in.zip", readFileSync(inZip));
const summary = pyodide.runPython(`
import importlib._bootstrap_external as bootstrap
import importlib.util
import sys
import zipfile

# co_filename as if the module were loaded from the source zip, so tracebacks
# name the same files as before
MOUNT = next(entry for entry in sys.path if entry.endswith(".zip"))
compiled = 0
with zipfile.ZipFile("/tmp/in.zip") as src, zipfile.ZipFile("/tmp/out.zip", "w") as out:
    for info in src.infolist():
        data = src.read(info)
        if not info.filename.endswith(".py"):
            out.writestr(info, data)
            continue
        # a SyntaxError here fails the build: a module that cannot compile
        # would fail at import time anyway
        code = compile(data, f"{MOUNT}/{info.filename}", "exec", dont_inherit=True)
        # hash-based and unchecked: there is no source beside it to check against
        pyc = bootstrap._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
        target = zipfile.ZipInfo(info.filename + "c", date_time=info.date_time)
        target.compress_type = zipfile.ZIP_DEFLATED
        target.external_attr = info.external_attr
        out.writestr(target, bytes(pyc))
        compiled += 1
f"{compiled} modules compiled for Python {sys.version.split()[0]}"
`);
writeFileSync(outZip, pyodide.FS.readFile("/tmp/out.zip"));
console.log(summary);
