// micropip 0.9.0 (the newest release on PyPI) predates renames in Pyodide 314's
// internals that Pyodide's own micropip build follows.  Give it the old names:
// IN_BROWSER (now IN_PYODIDE), repodata_* (now lockfile_*), and
// loadDynlibsFromPackage, which it calls after every install (our wheel is
// pure Python, so there is never a compiled library to load).  Used by the
// engine worker and by the Pyodide-on-Node tests, so both boot the same way.
export function aliasNamesForMicropip(pyodide) {
  const internals = pyodide._api;
  internals.repodata_packages ??= internals.lockfile_packages;
  internals.repodata_info ??= internals.lockfile_info;
  internals.loadDynlibsFromPackage ??= async (pkg, dynlibs) => {
    if (dynlibs.length) throw new Error("this micropip build cannot load compiled libraries");
  };
  pyodide.runPython("import pyodide.ffi as f\nif not hasattr(f, 'IN_BROWSER'): f.IN_BROWSER = f.IN_PYODIDE");
}
