// Generate dist/sw.js with Workbox: precache every file of the build so the
// site works offline after the first visit.  Usage: node sw.mjs DIST BUILD_ID
import { generateSW } from "workbox-build";

const [dist, buildId] = process.argv.slice(2);
const { count, size, warnings } = await generateSW({
  globDirectory: dist,
  globPatterns: ["**/*"],
  swDest: `${dist}/sw.js`,
  // the wasm (~9 MB) and the stdlib zip exceed Workbox's 2 MiB default
  maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
  // a versioned cache per build; Workbox removes outdated precaches on activate
  cacheId: `brewhouse-${buildId}`,
  cleanupOutdatedCaches: true,
  // the page asks the user before switching to a new version (update prompt)
  skipWaiting: false,
  clientsClaim: true,
  // ?game=…&seats=… links are the same static page
  ignoreURLParametersMatching: [/.*/],
  directoryIndex: "index.html",
  navigateFallback: "index.html",
  // no CDN at run time: bundle the Workbox runtime into sw.js itself
  inlineWorkboxRuntime: true,
  mode: "production",
  sourcemap: false,
});
for (const w of warnings) console.warn(`[sw] ${w}`);
console.log(`[build] service worker precaches ${count} files, ${size} bytes`);
