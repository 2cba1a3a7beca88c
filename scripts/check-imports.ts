// npm run lint:imports: no import cycles, and dependencies point one way (ADR 019):
// routes → domains (app/modules/<domain>) → platform (app/modules/platform) and services (app/services).
import madge from "madge";

const RULES: { from: RegExp; mayNotImport: RegExp; why: string }[] = [
  {
    from: /^app\/modules\/platform\//,
    mayNotImport: /^app\/(routes|components|emails)\/|^app\/modules\/(?!platform\/)/,
    why: "the platform serves every domain and knows none of them",
  },
  {
    from: /^app\/services\//,
    mayNotImport: /^app\/(routes|components|emails)\/|^app\/modules\/(?!platform\/)/,
    why: "services wrap external systems and know no domain",
  },
  {
    from: /^app\/modules\//,
    mayNotImport: /^app\/(routes|components)\//,
    why: "domains are called by routes, never the other way",
  },
  {
    from: /^app\/(utils|content)\//,
    mayNotImport: /^app\/(routes|components|modules|services)\//,
    why: "isomorphic helpers and content sit below everything",
  },
];

const result = await madge(["app", "server.ts", "scripts", "prisma/seed.ts"], {
  fileExtensions: ["ts", "tsx"],
  tsConfig: "tsconfig.json",
  excludeRegExp: [/^app\/generated\//, /node_modules/],
  // Type-only imports vanish at build time, and a lazy import() (a widget's enhancement loaded after hydration)
  // runs after every module has loaded: neither can form a load-order cycle.
  detectiveOptions: {
    ts: { skipTypeImports: true, skipAsyncImports: true },
    tsx: { skipTypeImports: true, skipAsyncImports: true },
  },
});

const problems: string[] = [];
for (const cycle of result.circular()) problems.push(`import cycle: ${cycle.join(" → ")} → ${cycle[0]}`);
for (const [file, imports] of Object.entries(result.obj())) {
  // Tests may reach across layers to set up what they check.
  if (/\.test\.tsx?$/.test(file)) continue;
  for (const rule of RULES) {
    if (!rule.from.test(file)) continue;
    for (const imported of imports) {
      if (rule.mayNotImport.test(imported)) problems.push(`${file} imports ${imported}: ${rule.why}`);
    }
  }
}
// Packages and React Router's generated route types are not ours to follow; our own files must all resolve.
const unresolved = result.warnings().skipped.filter((path) => /^(\.|~\/)/.test(path) && !/\+types\/|\?url$/.test(path));
if (unresolved.length) problems.push(`unresolved imports (madge could not follow them): ${unresolved.join(", ")}`);

if (problems.length) {
  console.error(problems.join("\n"));
  console.error(`\n${problems.length} import problem(s) in ${Object.keys(result.obj()).length} files`);
  process.exit(1);
}
console.log(`imports: ${Object.keys(result.obj()).length} files, no cycles, dependencies point one way`);
