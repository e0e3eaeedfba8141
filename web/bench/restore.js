// Benchmark floor of a return visit: a module worker that only restores the
// memory snapshot the app stored (same files, same restore options as the
// engine worker) and makes one engine call.  No page, no other boot step: what
// the app's restored boot is compared with, next to bare Pyodide (bare.html).
const worker = new Worker(new URL("./restore-worker.js", import.meta.url), { type: "module" });
const state = document.getElementById("state");
worker.onmessage = ({ data }) => {
  performance.mark("restore-ready"); // read by the benchmarks
  state.dataset.state = data.ok ? "ready" : "error";
  state.dataset.marks = JSON.stringify(data.marks ?? {});
  state.textContent = data.ok ? `ready in ${data.marks.engine} ms` : data.error;
};
