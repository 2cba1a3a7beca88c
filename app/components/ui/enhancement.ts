import { useEffect, useState } from "react";

/**
 * A module that enhances server-rendered markup once React runs in the browser, loaded only then.
 *
 * The widgets in this folder render a native, no-JavaScript version on the server and on the first client render
 * (so hydration matches); after hydration they swap in their Radix version from a chunk loaded here. The Radix code
 * thus stays out of every page's first-load JavaScript (the landing page has a budget: docs/performance.md).
 */
export function enhancement<Module>(load: () => Promise<Module>) {
  let loaded: Module | undefined;
  let pending: Promise<Module> | undefined;
  const start = () =>
    (pending ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        pending = undefined; // the next widget to mount tries again
        throw error;
      },
    ));

  /**
   * The module once hydrated and loaded; `undefined` on the server, during hydration and while loading. `wanted`
   * false puts the loading off (a widget that is not on screen yet).
   */
  return function useEnhancement(wanted = true): Module | undefined {
    const [module, setModule] = useState<Module | undefined>(undefined);
    useEffect(() => {
      if (!wanted) return;
      if (loaded) return setModule(() => loaded);
      let active = true;
      start().then(
        (value) => active && setModule(() => value),
        // A chunk that fails to load (offline, a new deploy) leaves the native version in place.
        () => undefined,
      );
      return () => {
        active = false;
      };
    }, [wanted]);
    return module;
  };
}
