// The editor's keyboard shortcuts, in a dialog opened with "?" or the Shortcuts button (JavaScript only: the
// shortcuts themselves need it).
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { SKIP_SECONDS } from "./player";

const SHORTCUTS: [string, string][] = [
  ["Space or K", "Play or pause (outside the text)"],
  ["Alt+K", "Play or pause (anywhere, also while typing)"],
  ["J / L, or Alt+J / Alt+L", `Back / forward ${SKIP_SECONDS} seconds`],
  ["N / P, or Alt+↓ / Alt+↑", "Next / previous segment"],
  ["Ctrl+F or /", "Find and replace"],
  ["Ctrl+Z / Ctrl+Shift+Z", "Undo / redo"],
  ["Enter (in the text)", "Split the segment between the words nearest the cursor"],
  ["Alt+Enter (in the text)", "Play from the word at the cursor (as a click on it does)"],
  ["?", "This list"],
];

export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Keyboard shortcuts</DialogTitle>
        <DialogDescription>On a Mac, use ⌘ for Ctrl and ⌥ for Alt.</DialogDescription>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {SHORTCUTS.map(([keys, action]) => (
            <div key={keys} className="contents">
              <dt>
                <kbd className="rounded border border-slate-300 bg-slate-50 px-1 font-mono">{keys}</kbd>
              </dt>
              <dd>{action}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
