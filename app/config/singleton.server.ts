/**
 * One value per process. The Vite-built app and server.ts (run by tsx) load separate copies of the
 * same modules; keeping shared state on globalThis makes both see one database, one queue, one mailer.
 */
function store(): Map<string, unknown> {
  const holder = globalThis as unknown as { __voxlateSingletons?: Map<string, unknown> };
  holder.__voxlateSingletons ??= new Map();
  return holder.__voxlateSingletons;
}

export function singleton<Value>(name: string, create: () => Value): Value {
  if (!store().has(name)) store().set(name, create());
  return store().get(name) as Value;
}

/** The value if it was created, else undefined. */
export function existingSingleton<Value>(name: string): Value | undefined {
  return store().get(name) as Value | undefined;
}

/**
 * Forgets every value but those named in `keep`: for a test process that runs many files one after another, each with
 * its own environment and data dir (tests/setup/fresh-modules.ts). The caller closes what needs closing first.
 */
export function forgetSingletons(keep: readonly string[]) {
  for (const name of store().keys()) if (!keep.includes(name)) store().delete(name);
}

/** Forgets the value and returns it, so the caller can close it. */
export function takeSingleton<Value>(name: string): Value | undefined {
  const value = store().get(name) as Value | undefined;
  store().delete(name);
  return value;
}
