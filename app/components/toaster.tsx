import { lazy, Suspense, useEffect, useState } from "react";
import type { Toast } from "~/utils/toast";
import { useHydrated } from "~/utils/use-hydrated";
import { ToastCard } from "./toast-card";

// Radix's code is fetched with the first toast, keeping it out of every page's first load.
const RadixToast = lazy(() => import("./toast-radix"));

const SHOW_TOAST_EVENT = "voxlate:toast";

/** Shows a toast from client code. It replaces the one on screen: one toast at a time. */
export function showToast(toast: Omit<Toast, "id"> & { id?: string }) {
  window.dispatchEvent(new CustomEvent(SHOW_TOAST_EVENT, { detail: { ...toast, id: toast.id ?? String(Date.now()) } }));
}

/**
 * One toast at a time, 5000 ms, in a viewport at most 420 px wide (spec section 9).
 * The server's flash toast arrives as a prop and is rendered as a static card until React runs;
 * after hydration Radix shows it instead.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const [current, setCurrent] = useState<Toast | null>(null);
  const hydrated = useHydrated();

  useEffect(() => {
    if (toast) setCurrent(toast);
  }, [toast]);

  useEffect(() => {
    const listener = (event: Event) => setCurrent((event as CustomEvent<Toast>).detail);
    window.addEventListener(SHOW_TOAST_EVENT, listener);
    return () => window.removeEventListener(SHOW_TOAST_EVENT, listener);
  }, []);

  return (
    <>
      {toast && !hydrated ? (
        <div className="pointer-events-none fixed right-4 bottom-4 z-50 w-[calc(100%-2rem)] max-w-[420px]">
          <ToastCard toast={toast} className="toast-no-js pointer-events-auto" />
        </div>
      ) : null}
      {current ? (
        <Suspense fallback={null}>
          <RadixToast key={current.id} toast={current} onClose={() => setCurrent(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
