// npm run lint:imports: no import cycles, and dependencies point one way (ADR 019):
// routes and components → domains (app/modules/<domain>, in DOMAIN_ORDER) → platform (app/modules/platform)
// → services (app/services) → utils and content (app/utils, app/content) → configuration (app/config).
import fs from "node:fs";
import madge from "madge";

/**
 * The domains under app/modules, lowest first (ADR 019 quotes this list). A domain imports only platform and the
 * domains before it; `jobs` is app/modules/jobs.server.ts, which gathers every domain's jobs, at the top. A folder
 * missing from this list fails the check: a new domain takes its place here first.
 */
const DOMAIN_ORDER = [
  "platform",
  "audit",
  "consent",
  "usage",
  "billing",
  "accounts",
  "workspaces",
  "webhooks",
  "recordings",
  "speakers",
  "comments",
  "redaction",
  "transcripts",
  "engines",
  "pipeline",
  "library",
  "sharing",
  "live",
  "support",
  "privacy",
  "provisioning",
  "developers",
  "jobs",
];

const RULES: { from: RegExp; mayNotImport: RegExp; why: string }[] = [
  {
    from: /^app\/config\//,
    mayNotImport: /^app\/(?!config\/)/,
    why: "configuration sits below everything and imports nothing of the app",
  },
  {
    from: /^app\/(utils|content)\//,
    mayNotImport: /^app\/(routes|components|emails|modules|services)\//,
    why: "isomorphic helpers and content sit below services, domains and pages",
  },
  {
    from: /^app\/services\//,
    mayNotImport: /^app\/(routes|components|emails|modules)\//,
    why: "services wrap external systems and know no domain (configuration is in app/config)",
  },
  {
    from: /^app\/modules\/platform\//,
    mayNotImport: /^app\/(routes|components|emails)\/|^app\/modules\/(?!platform\/)/,
    why: "the platform serves every domain and knows none of them",
  },
  {
    from: /^app\/modules\//,
    mayNotImport: /^app\/(routes|components)\//,
    why: "domains are called by routes, never the other way",
  },
];

/** The domain a file under app/modules belongs to (its folder, or "jobs" for app/modules/jobs.server.ts). */
function domainOf(file: string): string | null {
  const match = /^app\/modules\/([^/.]+)[/.]/.exec(file);
  return match ? match[1] : null;
}

/** Route files may not reach the database: they call domain functions. */
const DATABASE = /generated\/prisma|@prisma\/client|platform\/database\.server/;
const SPECIFIER = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

const result = await madge(["app", "server.ts", "scripts", "prisma/seed.ts"], {
  fileExtensions: ["ts", "tsx"],
  tsConfig: "tsconfig.json",
  excludeRegExp: [/^app\/generated\//, /node_modules/],
  // Type-only imports vanish at build time, and a lazy import() (a widget's enhancement loaded after hydration)
  // runs after every module has loaded: neither can form a load-order cycle, so neither counts here, for the
  // cycles, the layers or the domain order. (The database rule for routes below reads the source and counts them.)
  detectiveOptions: {
    ts: { skipTypeImports: true, skipAsyncImports: true },
    tsx: { skipTypeImports: true, skipAsyncImports: true },
  },
});

const problems: string[] = [];
for (const cycle of result.circular()) problems.push(`import cycle: ${cycle.join(" → ")} → ${cycle[0]}`);
const unlisted = new Set<string>();
for (const [file, imports] of Object.entries(result.obj())) {
  // Tests may reach across layers to set up what they check.
  if (/\.test\.tsx?$/.test(file)) continue;
  for (const rule of RULES) {
    if (!rule.from.test(file)) continue;
    for (const imported of imports) {
      if (rule.mayNotImport.test(imported)) problems.push(`${file} imports ${imported}: ${rule.why}`);
    }
  }
  // The domain order, at folder level: madge resolves every import, relative ones included.
  const domain = domainOf(file);
  if (domain) {
    if (!DOMAIN_ORDER.includes(domain)) unlisted.add(domain);
    for (const imported of imports) {
      const importedDomain = domainOf(imported);
      if (!importedDomain || importedDomain === domain || !DOMAIN_ORDER.includes(importedDomain)) continue;
      if (DOMAIN_ORDER.indexOf(importedDomain) > DOMAIN_ORDER.indexOf(domain))
        problems.push(`${file} imports ${imported}: ${domain} sits below ${importedDomain} in the domain order`);
    }
  }
  // Prisma's generated client is not in madge's graph (excluded) and @prisma/client is a package, so the route rule
  // reads the file's own import specifiers, type-only ones included.
  if (file.startsWith("app/routes/")) {
    for (const [, from, lazy] of fs.readFileSync(file, "utf8").matchAll(SPECIFIER)) {
      if (DATABASE.test(from ?? lazy))
        problems.push(`${file} imports ${from ?? lazy}: routes call domain functions, never the database`);
    }
  }
}
for (const domain of unlisted) problems.push(`app/modules/${domain} is not in DOMAIN_ORDER (scripts/check-imports.ts)`);
// Packages and React Router's generated route types are not ours to follow; our own files must all resolve.
const unresolved = result.warnings().skipped.filter((path) => /^(\.|~\/)/.test(path) && !/\+types\/|\?url$/.test(path));
if (unresolved.length) problems.push(`unresolved imports (madge could not follow them): ${unresolved.join(", ")}`);

if (problems.length) {
  console.error(problems.join("\n"));
  console.error(`\n${problems.length} import problem(s) in ${Object.keys(result.obj()).length} files`);
  process.exit(1);
}
console.log(
  `imports: ${Object.keys(result.obj()).length} files, no cycles, dependencies point one way, ` +
    `domains in order (${DOMAIN_ORDER.join(" < ")})`,
);
