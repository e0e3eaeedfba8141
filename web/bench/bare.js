// Benchmark baseline: a module worker that only calls loadPyodide on the same
// self-hosted files the app uses.  The app's "engine ready" is compared with it.
const worker = new Worker(new URL("./bare-worker.js", import.meta.url), { type: "module" });
const state = document.getElementById("state");
worker.onmessage = ({ data }) => {
  performance.mark("bare-pyodide-ready"); // read by the benchmarks
  state.dataset.state = data.ok ? "ready" : "error";
  state.dataset.bootMs = String(data.bootMs ?? "");
  state.textContent = data.ok ? `ready in ${Math.round(data.bootMs)} ms` : data.error;
};
