import fs from "node:fs";
const file = process.argv[2];
const prof = JSON.parse(fs.readFileSync(file, "utf8"));
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = prof.timeDeltas;
for (let i = 0; i < prof.samples.length; i++) self.set(prof.samples[i], (self.get(prof.samples[i]) ?? 0) + (dt[i] ?? 0));
const byPkg = new Map(), byFn = new Map();
let total = 0;
for (const [id, t] of self) {
  const n = byId.get(id); const url = n.callFrame.url;
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  const pkg = m ? m[1] : url ? url.replace(/.*\/wt-shell\//, "") : `(${n.callFrame.functionName || "native"})`;
  byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + t); total += t;
  const fn = `${n.callFrame.functionName || "(anon)"} ${pkg}:${n.callFrame.lineNumber}`;
  byFn.set(fn, (byFn.get(fn) ?? 0) + t);
}
const top = (m, k) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k).map(([n, t]) => `${(t / 1000).toFixed(0).padStart(7)} ms ${((100 * t) / total).toFixed(1).padStart(5)}%  ${n}`).join("\n");
console.log(top(byPkg, 25)); console.log("---"); console.log(top(byFn, 30));
