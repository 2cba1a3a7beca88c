import * as ToastPrimitive from "@radix-ui/react-toast";
import { useEffect, useState } from "react";
import { TOAST_DURATION_MS, type Toast } from "~/utils/toast";
import { useHydrated } from "~/utils/use-hydrated";

const TONE: Record<Toast["type"], string> = {
  message: "border-slate-200 bg-white text-slate-900",
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
  error: "border-red-200 bg-red-50 text-red-900",
};

const SHOW_TOAST_EVENT = "voxlate:toast";

/** Shows a toast from client code. It replaces the one on screen: one toast at a time. */
export function showToast(toast: Omit<Toast, "id"> & { id?: string }) {
  window.dispatchEvent(
    new CustomEvent(SHOW_TOAST_EVENT, { detail: { ...toast, id: toast.id ?? String(Date.now()) } }),
  );
}

/**
 * One toast at a time, 5000 ms, in a viewport at most 420 px wide (spec section 9).
 * The server's flash toast arrives as a prop. The server renders it as a static card that fades after 5 s
 * with CSS (so it works without JavaScript); after hydration Radix shows it instead.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const [current, setCurrent] = useState<Toast | null>(null);
  // Server-rendered pages show a static toast; once React runs, Radix takes over.
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
        <div className="fixed bottom-4 right-4 z-50 w-[calc(100%-2rem)] max-w-[420px]">
          <ToastCard toast={toast} className="toast-no-js" />
        </div>
      ) : null}
      <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right">
        {current ? (
          <ToastPrimitive.Root
            key={current.id}
            onOpenChange={(open) => !open && setCurrent(null)}
            type={current.type === "error" ? "foreground" : "background"}
            className={`rounded-lg border p-4 pr-10 shadow-lg ${TONE[current.type]} relative data-[state=closed]:opacity-0`}
          >
            <ToastPrimitive.Title className="text-sm font-semibold">{current.title}</ToastPrimitive.Title>
            {current.description ? (
              <ToastPrimitive.Description className="mt-1 text-sm opacity-90">{current.description}</ToastPrimitive.Description>
            ) : null}
            <ToastPrimitive.Close aria-label="Close" className="absolute right-2 top-2 rounded p-1 opacity-70 hover:opacity-100">
              <span aria-hidden="true">×</span>
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        ) : null}
        <ToastPrimitive.Viewport className="fixed bottom-4 right-4 z-50 flex w-[calc(100%-2rem)] max-w-[420px] flex-col gap-2 outline-none" />
      </ToastPrimitive.Provider>
    </>
  );
}

function ToastCard({ toast, className = "" }: { toast: Toast; className?: string }) {
  return (
    <div role="status" className={`rounded-lg border p-4 shadow-lg ${TONE[toast.type]} ${className}`}>
      <p className="text-sm font-semibold">{toast.title}</p>
      {toast.description ? <p className="mt-1 text-sm opacity-90">{toast.description}</p> : null}
    </div>
  );
}
