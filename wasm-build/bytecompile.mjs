// Byte-compile a zip of Python modules inside the Pyodide that will load it:
// Pyodide's standard library zip, or a pure-Python wheel (micropip's).
//
// The npm package ships python_stdlib.zip as .py sources only, and micropip's
// wheel on PyPI is sources too, so every page load compiled each module it
// imported (Pyodide's own boot, micropip and the engine's imports: seconds of
// a cold start).  This writes the same zip with each .py replaced by its .pyc,
// as pyodide-build's `create_zipfile --pycompile` and `pyodide py-compile`
// do for Pyodide's own distribution.  Compiling in the Pyodide that will load
// the zip (under Node) guarantees the bytecode matches its interpreter,
// whatever Python the build machine has.  Other entries (data files,
// folders) are copied unchanged, in order; a wheel's RECORD names the .pyc
// files with their own sha256 and size.
//
// Usage: node bytecompile.mjs PYODIDE_DIR stdlib|wheel IN_ZIP OUT_ZIP
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, kind, inZip, outZip] = process.argv.slice(2);
if (!outZip || !["stdlib", "wheel"].includes(kind)) {
  console.error("usage: node bytecompile.mjs PYODIDE_DIR stdlib|wheel IN_ZIP OUT_ZIP");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(path.resolve(pyodideDir), "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideDir) + path.sep });
pyodide.FS.writeFile("/tmp/in.zip", readFileSync(inZip));
pyodide.globals.set("KIND", kind);
const summary = pyodide.runPython(`
import base64
import csv
import hashlib
import importlib._bootstrap_external as bootstrap
import importlib.util
import io
import site
import sys
import zipfile

# co_filename as where the module is imported from (inside the stdlib zip, or
# site-packages, where loadPackage unpacks a wheel), so tracebacks name the
# same files as the sources would
if KIND == "stdlib":
    PREFIX = next(entry for entry in sys.path if entry.endswith(".zip"))
else:
    PREFIX = site.getsitepackages()[0]


def byte_compile(name: str, source: bytes) -> bytes:
    # a SyntaxError here fails the build: a module that cannot compile would
    # fail at import time anyway
    code = compile(source, f"{PREFIX}/{name}", "exec", dont_inherit=True)
    # hash-based and unchecked: there is no source beside it to check against
    return bytes(bootstrap._code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def rewritten_record(text: str, compiled: dict) -> bytes:
    """A wheel's RECORD with each compiled module's row naming its .pyc."""
    rows = []
    for row in csv.reader(io.StringIO(text)):
        if row and row[0] in compiled:
            pyc = compiled[row[0]]
            row = [row[0] + "c", record_hash(pyc), str(len(pyc))]
        rows.append(row)
    out = io.StringIO()
    csv.writer(out, lineterminator="\\n").writerows(rows)
    return out.getvalue().encode()


with zipfile.ZipFile("/tmp/in.zip") as src:
    entries = [(info, src.read(info)) for info in src.infolist()]
compiled = {info.filename: byte_compile(info.filename, data)
            for info, data in entries if info.filename.endswith(".py")}
with zipfile.ZipFile("/tmp/out.zip", "w") as out:
    for info, data in entries:
        if info.filename in compiled:
            target = zipfile.ZipInfo(info.filename + "c", date_time=info.date_time)
            target.compress_type = zipfile.ZIP_DEFLATED
            target.external_attr = info.external_attr
            out.writestr(target, compiled[info.filename])
        elif KIND == "wheel" and info.filename.endswith(".dist-info/RECORD"):
            out.writestr(info, rewritten_record(data.decode(), compiled))
        else:
            out.writestr(info, data)
f"{len(compiled)} modules compiled for Python {sys.version.split()[0]}"
`);
writeFileSync(outZip, pyodide.FS.readFile("/tmp/out.zip"));
console.log(summary);
