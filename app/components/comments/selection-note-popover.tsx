import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { NOTE_MAX } from "~/modules/comments/comment-forms";

interface Selected {
  segmentId: string;
  quote: string;
  start: number;
  end: number;
  top: number;
  left: number;
}

/** Characters of `element`'s text before the point (node, offset) inside it. */
function offsetWithin(element: Element, node: Node, offset: number): number {
  const range = document.createRange();
  range.selectNodeContents(element);
  range.setEnd(node, offset);
  return range.toString().length;
}

/**
 * With JavaScript: selecting words in one segment's text (an element with `data-segment-text="<segment id>"`)
 * opens a small form beside the selection to add a note on exactly that passage. It posts the same fields as the
 * per-segment form (SegmentNotes), which is what works without JavaScript.
 */
export function SelectionNotePopover() {
  const [selected, setSelected] = useState<Selected | null>(null);
  const popover = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onSelect = () => {
      const selection = window.getSelection();
      if (!selection || selection.isCollapsed || selection.rangeCount === 0) return;
      const range = selection.getRangeAt(0);
      const startElement = range.startContainer.parentElement?.closest("[data-segment-text]");
      const endElement = range.endContainer.parentElement?.closest("[data-segment-text]");
      // Only a passage within one segment: a note belongs to one.
      if (!startElement || startElement !== endElement) return;
      const quote = range.toString();
      if (!quote.trim()) return;
      const start = offsetWithin(startElement, range.startContainer, range.startOffset);
      const box = range.getBoundingClientRect();
      const leading = quote.length - quote.trimStart().length;
      setSelected({
        segmentId: startElement.getAttribute("data-segment-text")!,
        quote: quote.trim(),
        start: start + leading,
        end: start + leading + quote.trim().length,
        top: Math.min(box.bottom + 8, window.innerHeight - 240),
        left: Math.max(8, Math.min(box.left, window.innerWidth - 300)),
      });
    };
    // After a pointer selection only: keyboard users add notes with the per-segment form (a popover taking the
    // focus would end a selection made with Shift+arrows at its first letter).
    const onPointer = (event: MouseEvent) => {
      if (!popover.current?.contains(event.target as Node)) setTimeout(onSelect, 0);
    };
    document.addEventListener("mouseup", onPointer);
    return () => document.removeEventListener("mouseup", onPointer);
  }, []);

  useEffect(() => {
    if (!selected) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setSelected(null);
    const onDown = (event: MouseEvent) => {
      if (!popover.current?.contains(event.target as Node)) setSelected(null);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("mousedown", onDown);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("mousedown", onDown);
    };
  }, [selected]);

  if (!selected) return null;
  return (
    <div
      ref={popover}
      role="dialog"
      aria-label="Add a note on the selected text"
      className="fixed z-30 w-72 rounded-lg border border-slate-300 bg-white p-3 shadow-lg"
      style={{ top: selected.top, left: selected.left }}
    >
      <Form method="post" className="space-y-2 text-sm" onSubmit={() => setTimeout(() => setSelected(null), 0)}>
        <input type="hidden" name="segmentId" value={selected.segmentId} />
        <input type="hidden" name="quote" value={selected.quote} />
        <input type="hidden" name="startOffset" value={selected.start} />
        <input type="hidden" name="endOffset" value={selected.end} />
        <q className="block max-h-16 overflow-hidden text-xs text-slate-600 italic">{selected.quote}</q>
        <label htmlFor="selection-note-body" className="block font-medium text-slate-800">
          Note
        </label>
        <textarea
          id="selection-note-body"
          name="body"
          required
          autoFocus
          maxLength={NOTE_MAX}
          rows={3}
          className="w-full rounded-md border border-slate-300 px-2 py-1"
        />
        <div className="flex gap-2">
          <button type="submit" name="intent" value="add-comment" className={buttonClass("primary")}>
            Add note
          </button>
          <button type="button" onClick={() => setSelected(null)} className={buttonClass("secondary")}>
            Cancel
          </button>
        </div>
      </Form>
    </div>
  );
}
