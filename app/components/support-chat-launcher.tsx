// The support chat's button. It sits in each layout's header (the site's, the app's, the auth pages'), in the page's
// own flow, so it never lies over the page, the cookie banner or the footer at any width (a floating button covered
// "Accept All", form fields, footer links and, at 390 px, the transcript). Without JavaScript it is a link to
// #support-chat, which CSS :target opens; with it, it opens the panel in place through the store below.
import { useSyncExternalStore } from "react";
import { SUPPORT_CHAT_ANCHOR } from "~/modules/support/support-chat";
import { useHydrated } from "~/utils/use-hydrated";

let open = false;
const listeners = new Set<() => void>();

/** Whether the chat panel is open: one value for the panel (in the root) and the button (in a header). */
export const supportChatPanel = {
  isOpen: () => open,
  set(value: boolean) {
    if (open === value) return;
    open = value;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSupportChatOpen(): boolean {
  return useSyncExternalStore(supportChatPanel.subscribe, supportChatPanel.isOpen, () => false);
}

export const LAUNCHER_ATTRIBUTE = "data-support-chat-launcher";

/** The button; on narrow screens only its icon shows (its name stays "Support chat"). */
export function SupportChatLauncher({ className = "" }: { className?: string }) {
  const hydrated = useHydrated();
  const isOpen = useSupportChatOpen();
  return (
    <a
      {...{ [LAUNCHER_ATTRIBUTE]: "" }}
      href={`#${SUPPORT_CHAT_ANCHOR}`}
      aria-controls={SUPPORT_CHAT_ANCHOR}
      aria-expanded={hydrated ? isOpen : undefined}
      onClick={(event) => {
        event.preventDefault();
        supportChatPanel.set(!supportChatPanel.isOpen());
      }}
      className={
        "inline-flex shrink-0 items-center gap-2 rounded-full border border-brand-200 bg-brand-50 px-3 py-2 " +
        `text-sm font-semibold text-brand-700 hover:bg-brand-100 print:hidden ${className}`
      }
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
      </svg>
      <span className="sr-only sm:not-sr-only">Support chat</span>
    </a>
  );
}
