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

/** Forgets the value and returns it, so the caller can close it. */
export function takeSingleton<Value>(name: string): Value | undefined {
  const value = store().get(name) as Value | undefined;
  store().delete(name);
  return value;
}
