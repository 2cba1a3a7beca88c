import * as ToastPrimitive from "@radix-ui/react-toast";
import { TOAST_DURATION_MS, type Toast } from "~/utils/toast";
import { TOAST_TONE } from "./toast-card";

/** Radix's toast (swipe, F8 hotkey, pause on hover); loaded by the Toaster only when a toast is shown. */
export default function RadixToast({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right">
      <ToastPrimitive.Root
        key={toast.id}
        defaultOpen
        onOpenChange={(open) => !open && onClose()}
        type={toast.type === "error" ? "foreground" : "background"}
        className={`rounded-lg border p-4 pr-10 shadow-lg ${TOAST_TONE[toast.type]} relative data-[state=closed]:opacity-0`}
      >
        <ToastPrimitive.Title className="text-sm font-semibold">{toast.title}</ToastPrimitive.Title>
        {toast.description ? (
          <ToastPrimitive.Description className="mt-1 text-sm opacity-90">
            {toast.description}
          </ToastPrimitive.Description>
        ) : null}
        <ToastPrimitive.Close
          aria-label="Close"
          className="absolute top-2 right-2 rounded p-1 opacity-70 hover:opacity-100"
        >
          <span aria-hidden="true">×</span>
        </ToastPrimitive.Close>
      </ToastPrimitive.Root>
      <ToastPrimitive.Viewport className="fixed right-4 bottom-4 z-50 flex w-[calc(100%-2rem)] max-w-[420px] flex-col gap-2 outline-none" />
    </ToastPrimitive.Provider>
  );
}
