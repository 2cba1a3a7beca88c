import type { Toast } from "~/utils/toast";

export const TOAST_TONE: Record<Toast["type"], string> = {
  message: "border-slate-200 bg-white text-slate-900",
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
  error: "border-red-200 bg-red-50 text-red-900",
};

/** The server-rendered toast: a static card that fades after 5 s with CSS, so it shows without JavaScript. */
export function ToastCard({ toast, className = "" }: { toast: Toast; className?: string }) {
  return (
    <div role="status" className={`rounded-lg border p-4 shadow-lg ${TOAST_TONE[toast.type]} ${className}`}>
      <p className="text-sm font-semibold">{toast.title}</p>
      {toast.description ? <p className="mt-1 text-sm opacity-90">{toast.description}</p> : null}
    </div>
  );
}
