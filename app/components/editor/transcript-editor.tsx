// The transcript editor at /transcription/:id. Server-rendered, it is one page of segments (editor-pages.ts), each
// linking to its own page of forms, with find and replace and the history posting to the page. With JavaScript: the text is edited in place and
// autosaved, with undo and redo; the word playing is highlighted and a click on a word plays from it; keyboard
// shortcuts. Whatever the server refuses is shown in an alert above the transcript, in the server's words.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { useLocation, useNavigate } from "react-router";
import {
  applyChangesInView,
  type MergeSpeaker,
  normalizeText,
  replaceAllReport,
  type SegmentState,
  SPLIT_REFUSED,
  tokens,
  type ViewChange,
  wordBoundaryNear,
} from "~/modules/transcripts/editor-text";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import type { EditorPageInfo } from "~/modules/transcripts/editor-pages";
import { cn } from "~/utils/cn";
import { EditorPlayer, SKIP_SECONDS, skip } from "./player";
import type { SegmentNote } from "~/components/comments/segment-notes";
import { SegmentItem } from "./segment-item";
import { FindReplace } from "./find-replace";
import { ShortcutsDialog } from "./shortcuts-dialog";
import { EditorPager, pageHref } from "./editor-pager";

interface SaveResponse {
  revision: { id: string; number: number; label: string } | null;
  changes: ViewChange[];
  count?: number;
  error?: string;
}

type UndoEntry =
  | { kind: "text"; segmentId: string; before: string; after: string }
  | { kind: "revision"; revisionId: string; label: string };

export interface TranscriptEditorProps {
  recordingId: string;
  /** The page of segments shown (editor-pages.ts), and where it sits in the whole transcript. */
  segments: SegmentState[];
  page: EditorPageInfo;
  /** Every speaker of the transcript, not only this page's, for the speaker fields' suggestions. */
  speakers: string[];
  /** The side-by-side translation, and the segments edited since it was made. */
  translation: { language: string; texts: Record<string, string>; staleSegmentIds: string[] } | null;
  /** The owner deleted the audio (the transcript stays): no player. */
  audioDeleted?: boolean;
  /** The notes on passages, shown in each segment's margin. */
  comments?: SegmentNote[];
  busy?: boolean;
  replaceError?: string;
  /** The reader's role may not edit (a viewer): words play the audio, and no control offers a change. */
  readOnly?: boolean;
}

const AUTOSAVE_MS = 800;
const NO_NOTES: SegmentNote[] = [];

/** The history entries whose page move was carried out. */
const arrivals = new Set<string>();

/** What a move to another page carries over: where the player was and whether it played, and which segment to go to. */
interface PageMove {
  resume?: number;
  play?: boolean;
  rate?: number;
  focus?: "first" | "last";
}

/** Where the caret is: the segment and the offset in its text (words joined by single spaces). */
function caretIn(element: HTMLElement): number | null {
  const selection = document.getSelection();
  if (!selection?.rangeCount || !element.contains(selection.anchorNode)) return null;
  const range = document.createRange();
  range.selectNodeContents(element);
  range.setEnd(selection.anchorNode!, selection.anchorOffset);
  return range.toString().replace(/\s+/g, " ").replace(/^ /, "").length;
}

const textOf = (element: Element) => normalizeText((element.textContent ?? "").replace(/\u00a0/g, " "));

export function TranscriptEditor({
  recordingId,
  segments: initial,
  page,
  speakers,
  translation,
  audioDeleted = false,
  comments = NO_NOTES,
  busy = false,
  replaceError,
  readOnly = false,
}: TranscriptEditorProps) {
  const [segments, setSegments] = useState(initial);
  const segmentsRef = useRef(segments);
  segmentsRef.current = segments;
  const [enhanced, setEnhanced] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [showMarks, setShowMarks] = useState(true);
  const [status, setStatus] = useState("");
  /** The last save the server (or the editor, before asking it) refused, in its words, until the next one succeeds. */
  const [refusal, setRefusal] = useState<string | null>(null);
  /** A merge of two speakers' segments waiting for the user to say whose the merged one is. */
  const [mergeChoice, setMergeChoice] = useState<{
    segmentId: string;
    speaker: string | null;
    nextSpeaker: string | null;
  } | null>(null);
  const [stacks, setStacks] = useState<{ undo: UndoEntry[]; redo: UndoEntry[] }>({ undo: [], redo: [] });
  const stacksRef = useRef(stacks);
  stacksRef.current = stacks;
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const audioRef = useRef<HTMLAudioElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const findRef = useRef<HTMLDetailsElement>(null);
  const caret = useRef<{ segmentId: string; offset: number } | null>(null);
  const focusText = useRef<{ segmentId: string; text: string; entry: boolean } | null>(null);
  const timers = useRef(new Map<string, number>());
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  useEffect(() => setEnhanced(true), []);

  // Another page of the transcript is another editor (its own state), with a new player: it goes on where the last
  // one was, so playback that runs past the end of a page, or "next segment" on its last one, carries on.
  const navigate = useNavigate();
  const location = useLocation();
  // What is typed and not yet saved is saved first: the segment leaves the page with it.
  const goToPage = (number: number, move: PageMove) =>
    void flush()
      .catch(() => undefined)
      .finally(() => navigate(pageHref(location.search, number), { state: move, preventScrollReset: true }));
  const arrival = useRef<() => void>(() => undefined);
  arrival.current = () => {
    const move = (location.state ?? null) as PageMove | null;
    const audio = audioRef.current;
    // Once per arrival: the editor starts afresh after a save on the same page, which must not seek again.
    if (!move || arrivals.has(location.key)) return;
    arrivals.add(location.key);
    const target = move.focus === "last" ? segmentsRef.current.at(-1) : segmentsRef.current[0];
    if (audio) {
      // The default rate too: a media element takes it again when it loads.
      if (move.rate) audio.defaultPlaybackRate = audio.playbackRate = move.rate;
      audio.currentTime = move.resume ?? target?.start ?? 0;
      if (move.play) void audio.play().catch(() => undefined);
    }
    if (target) {
      document.getElementById(`segment-${target.id}`)?.scrollIntoView({ block: "center" });
      if (move.focus) focusSegment(target.id, move.focus === "last");
    }
  };
  useEffect(() => arrival.current(), []);

  const updateStacks = (next: { undo: UndoEntry[]; redo: UndoEntry[] }) => {
    stacksRef.current = next;
    setStacks(next);
  };

  /** Sends one save; saves run one after another, in the order they were made. */
  const post = useCallback(
    (fields: Record<string, string>): Promise<SaveResponse> => {
      const run = async () => {
        setStatus("Saving…");
        const response = await fetch(`/api/recordings/${recordingId}/editor`, {
          method: "POST",
          // The segments on this page: the answer leaves out changes elsewhere.
          body: new URLSearchParams({ ...fields, visible: segmentsRef.current.map((segment) => segment.id).join(",") }),
          headers: { Accept: "application/json" },
        }).catch(() => null);
        const body = (await response?.json().catch(() => null)) as SaveResponse | null;
        if (!response?.ok || !body) {
          const message =
            body?.error ??
            (response ? `The save was refused (HTTP ${response.status}).` : "Could not save: check your connection.");
          setStatus("Not saved");
          setRefusal(message);
          throw new Error(message);
        }
        setRefusal(null);
        if (body.changes.length) {
          const next = applyChangesInView(segmentsRef.current, body.changes);
          segmentsRef.current = next;
          setSegments(next);
        }
        setStatus(body.revision ? `Saved (revision ${body.revision.number})` : "All changes saved");
        return body;
      };
      const result = queue.current.then(run, run);
      queue.current = result.catch(() => undefined);
      return result;
    },
    [recordingId],
  );

  /** Saves what the user typed in one segment, and records it for undo (one entry per visit to the segment). */
  const saveText = useCallback(
    async (segmentId: string) => {
      window.clearTimeout(timers.current.get(segmentId));
      timers.current.delete(segmentId);
      const element = document.querySelector(`#segment-${CSS.escape(segmentId)} [data-segment-text]`);
      const segment = segmentsRef.current.find((candidate) => candidate.id === segmentId);
      if (!element || !segment) return;
      const text = textOf(element);
      if (!text) return setStatus("A segment cannot be empty; delete words instead.");
      if (text === segment.text) return;
      await post({ intent: "edit-segment", segmentId, text }).catch(() => undefined);
      const visit = focusText.current;
      if (visit?.segmentId !== segmentId) return;
      const { undo } = stacksRef.current;
      if (visit.entry && undo.at(-1)?.kind === "text" && (undo.at(-1) as { segmentId: string }).segmentId === segmentId)
        updateStacks({
          undo: [...undo.slice(0, -1), { kind: "text", segmentId, before: visit.text, after: text }],
          redo: [],
        });
      else updateStacks({ undo: [...undo, { kind: "text", segmentId, before: visit.text, after: text }], redo: [] });
      visit.entry = true;
    },
    [post],
  );

  const flush = useCallback(async () => {
    await Promise.all([...timers.current.keys()].map((id) => saveText(id)));
    await queue.current;
  }, [saveText]);

  /** Leaves the segment being typed in, so it shows what the server saved. */
  const leaveEditing = () => {
    const active = document.activeElement;
    if (active instanceof HTMLElement && active.closest("[data-segment-text]")) active.blur();
  };

  const focusSegment = (segmentId: string, atEnd = false) => {
    requestAnimationFrame(() => {
      const element = document.querySelector<HTMLElement>(`#segment-${CSS.escape(segmentId)} [data-segment-text]`);
      if (!element) return;
      element.focus();
      const selection = document.getSelection();
      selection?.selectAllChildren(element);
      if (atEnd) selection?.collapseToEnd();
      else selection?.collapseToStart();
    });
  };

  const runRevisionAction = async (fields: Record<string, string>) => {
    await flush();
    leaveEditing();
    const result = await post(fields).catch(() => null);
    if (result?.revision)
      updateStacks({
        undo: [
          ...stacksRef.current.undo,
          { kind: "revision", revisionId: result.revision.id, label: result.revision.label },
        ],
        redo: [],
      });
    return result;
  };

  const undoOrRedo = async (direction: "undo" | "redo") => {
    await flush();
    const from = direction === "undo" ? stacksRef.current.undo : stacksRef.current.redo;
    const entry = from.at(-1);
    if (!entry) return;
    leaveEditing();
    let opposite: UndoEntry | null = null;
    if (entry.kind === "text") {
      const result = await post({
        intent: "edit-segment",
        segmentId: entry.segmentId,
        text: direction === "undo" ? entry.before : entry.after,
      }).catch(() => null);
      if (result) opposite = entry;
    } else {
      const result = await post({ intent: "undo-revision", revisionId: entry.revisionId }).catch(() => null);
      if (result?.revision)
        opposite = { kind: "revision", revisionId: result.revision.id, label: result.revision.label };
    }
    if (!opposite) return;
    const rest = from.slice(0, -1);
    const other = direction === "undo" ? stacksRef.current.redo : stacksRef.current.undo;
    updateStacks(
      direction === "undo" ? { undo: rest, redo: [...other, opposite] } : { undo: [...other, opposite], redo: rest },
    );
    setStatus(direction === "undo" ? "Undone" : "Redone");
  };

  /** Splits at the word boundary nearest the caret (the server snaps the same way): a word is never cut. */
  const splitAtCaret = async () => {
    const at = caret.current;
    if (!at) return setRefusal("Put the cursor where the segment should be split.");
    const element = document.querySelector(`#segment-${CSS.escape(at.segmentId)} [data-segment-text]`);
    const offset = element ? wordBoundaryNear(textOf(element), at.offset) : null;
    if (offset === null) return setRefusal(SPLIT_REFUSED);
    await runRevisionAction({ intent: "split", segmentId: at.segmentId, offset: String(offset) });
  };

  const merge = async (segmentId: string, speakerFrom?: MergeSpeaker) => {
    setMergeChoice(null);
    await runRevisionAction({ intent: "merge", segmentId, ...(speakerFrom ? { speakerFrom } : {}) });
    focusSegment(segmentId, true);
  };

  /** Merges with the next segment; when it is another speaker's, asks first whose the merged segment is. */
  const mergeActive = async () => {
    const segmentId = caret.current?.segmentId ?? editingId;
    if (!segmentId) return setRefusal("Put the cursor in the segment to merge with the next.");
    const index = segmentsRef.current.findIndex((segment) => segment.id === segmentId);
    const first = segmentsRef.current[index];
    // The next segment may be the next page's first.
    const next =
      segmentsRef.current[index + 1] ?? (page.nextSpeaker !== undefined ? { speaker: page.nextSpeaker } : undefined);
    if (first && next && first.speaker !== next.speaker)
      return setMergeChoice({ segmentId, speaker: first.speaker, nextSpeaker: next.speaker });
    await merge(segmentId);
  };

  /** Plays from the word at the caret (Alt+Enter in the text: the keyboard's click on a word). */
  const playFromCaret = () => {
    const at = caret.current;
    const segment = at && segmentsRef.current.find((candidate) => candidate.id === at.segmentId);
    if (!at || !segment?.words.length) return;
    const index = tokens(segment.text).findLastIndex((token) => token.from <= at.offset);
    seek(segment.words[Math.max(0, Math.min(index, segment.words.length - 1))].start, true);
  };

  // The word playing: found by binary search over every word's start, highlighted by toggling one attribute.
  const timeline = useMemo(() => {
    const starts: number[] = [];
    const ends: number[] = [];
    const places: [string, number][] = [];
    for (const segment of segments)
      segment.words.forEach((word, index) => {
        starts.push(word.start);
        ends.push(word.end);
        places.push([segment.id, index]);
      });
    return { starts, ends, places };
  }, [segments]);

  const advance = useRef<(time: number) => void>(() => undefined);
  advance.current = (time) =>
    goToPage(page.page + 1, { resume: time, play: true, rate: audioRef.current?.playbackRate });

  // The highlight is redrawn after every render too: a segment React re-rendered (the user clicked into it) may have
  // new word elements, while the paused player sends no event to draw it again.
  const showPlaying = useRef<() => void>(() => {});
  useEffect(() => showPlaying.current());

  useEffect(() => {
    const audio = audioRef.current;
    const list = listRef.current;
    if (!audio || !list) return;
    let shownWord: Element | null = null;
    let shownSegment: Element | null = null;
    let frame = 0;
    const show = () => {
      // The player may land a hair before a word it was sent to (currentTime is rounded): a millisecond's slack.
      const time = audio.currentTime + 0.001;
      if (!audio.paused && page.nextStart !== null && time >= page.nextStart) {
        audio.pause();
        return advance.current(audio.currentTime);
      }
      const { starts, ends, places } = timeline;
      let low = 0;
      let high = starts.length - 1;
      let found = -1;
      while (low <= high) {
        const middle = (low + high) >> 1;
        if (starts[middle] <= time) {
          found = middle;
          low = middle + 1;
        } else high = middle - 1;
      }
      const place = found >= 0 && time < ends[found] ? places[found] : null;
      const segmentElement = place ? document.getElementById(`segment-${place[0]}`) : null;
      const word = place ? (segmentElement?.querySelector(`[data-segment-text] [data-w="${place[1]}"]`) ?? null) : null;
      if (word !== shownWord || (word && !word.hasAttribute("data-playing"))) {
        shownWord?.removeAttribute("data-playing");
        word?.setAttribute("data-playing", "");
        shownWord = word;
      }
      if (segmentElement && segmentElement !== shownSegment) {
        shownSegment?.removeAttribute("data-current");
        segmentElement.setAttribute("data-current", "");
        shownSegment = segmentElement;
      }
    };
    const loop = () => {
      show();
      frame = audio.paused ? 0 : requestAnimationFrame(loop);
    };
    const start = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(loop);
    };
    audio.addEventListener("play", start);
    audio.addEventListener("seeked", show);
    audio.addEventListener("pause", show);
    audio.addEventListener("timeupdate", show);
    showPlaying.current = show;
    show();
    return () => {
      cancelAnimationFrame(frame);
      audio.removeEventListener("play", start);
      audio.removeEventListener("seeked", show);
      audio.removeEventListener("pause", show);
      audio.removeEventListener("timeupdate", show);
      showPlaying.current = () => {};
    };
  }, [timeline, page.nextStart]);

  const seek = (seconds: number, play = false) => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.currentTime = seconds;
    // A browser may refuse to play (no user gesture, no audio): the position is still set.
    if (play) void audio.play().catch(() => undefined);
  };

  const moveSegment = (step: 1 | -1) => {
    const current = caret.current?.segmentId ?? document.querySelector("[data-current]")?.getAttribute("data-segment");
    const index = segmentsRef.current.findIndex((segment) => segment.id === current);
    const audio = audioRef.current;
    const carry = { play: audio ? !audio.paused : false, rate: audio?.playbackRate };
    // Past the first or last segment of the page: the next or previous page.
    if (index >= 0 && index + step >= segmentsRef.current.length && page.page < page.pageCount)
      return goToPage(page.page + 1, { ...carry, focus: "first" });
    if (index === 0 && step < 0 && page.page > 1) return goToPage(page.page - 1, { ...carry, focus: "last" });
    const next = segmentsRef.current[Math.min(segmentsRef.current.length - 1, Math.max(0, index + step))];
    if (!next) return;
    seek(next.start);
    document.getElementById(`segment-${next.id}`)?.scrollIntoView({ block: "center" });
    focusSegment(next.id);
  };

  const openFind = () => {
    if (findRef.current) findRef.current.open = true;
    requestAnimationFrame(() => findRef.current?.querySelector<HTMLInputElement>("input[name=find]")?.focus());
  };

  // Keyboard shortcuts (listed in the help dialog). Plain keys only outside text fields; Alt and Ctrl ones anywhere.
  const keyHandler = useRef<(event: KeyboardEvent) => void>(() => undefined);
  keyHandler.current = (event: KeyboardEvent) => {
    const audio = audioRef.current;
    const target = event.target as HTMLElement;
    const typing = Boolean(target.closest?.("input, textarea, select, [contenteditable]"));
    const control = event.ctrlKey || event.metaKey;
    if (control && !event.altKey && event.key.toLowerCase() === "f") {
      event.preventDefault();
      return openFind();
    }
    if (control && !event.altKey && (event.key.toLowerCase() === "z" || event.key.toLowerCase() === "y")) {
      if (target.closest?.("input, textarea")) return;
      event.preventDefault();
      return void undoOrRedo(event.key.toLowerCase() === "y" || event.shiftKey ? "redo" : "undo");
    }
    if (event.altKey && !control) {
      const actions: Record<string, () => void> = {
        KeyK: () => (audio?.paused ? void audio.play() : audio?.pause()),
        KeyJ: () => skip(audio, -SKIP_SECONDS),
        KeyL: () => skip(audio, SKIP_SECONDS),
        ArrowDown: () => moveSegment(1),
        ArrowUp: () => moveSegment(-1),
      };
      const action = actions[event.code];
      if (action) {
        event.preventDefault();
        action();
      }
      return;
    }
    if (typing || control || target.closest?.("button, summary, a, [role=dialog]")) return;
    const plain: Record<string, () => void> = {
      k: () => (audio?.paused ? void audio.play() : audio?.pause()),
      " ": () => (audio?.paused ? void audio.play() : audio?.pause()),
      j: () => skip(audio, -SKIP_SECONDS),
      l: () => skip(audio, SKIP_SECONDS),
      n: () => moveSegment(1),
      p: () => moveSegment(-1),
      "/": openFind,
      "?": () => setShortcutsOpen(true),
    };
    const action = plain[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };
  useEffect(() => {
    const listener = (event: KeyboardEvent) => keyHandler.current(event);
    window.addEventListener("keydown", listener);
    const onSelection = () => {
      const selection = document.getSelection();
      const element = selection?.anchorNode
        ? (selection.anchorNode instanceof Element
            ? selection.anchorNode
            : selection.anchorNode.parentElement
          )?.closest("[data-segment-text]")
        : null;
      const segmentId = element?.closest("[data-segment]")?.getAttribute("data-segment");
      if (!element || !segmentId) return;
      const offset = caretIn(element as HTMLElement);
      if (offset !== null) caret.current = { segmentId, offset };
    };
    document.addEventListener("selectionchange", onSelection);
    return () => {
      window.removeEventListener("keydown", listener);
      document.removeEventListener("selectionchange", onSelection);
    };
  }, []);

  // Events of every segment, handled once on the list.
  const segmentIdOf = (target: EventTarget) =>
    (target as HTMLElement).closest?.("[data-segment]")?.getAttribute("data-segment") ?? null;

  const onClick = (event: React.MouseEvent) => {
    const target = event.target as HTMLElement;
    const time = target.closest("[data-seek]");
    if (time) {
      event.preventDefault();
      return seek(Number(time.getAttribute("data-seek")), true);
    }
    // A click on a word plays from it (and places the caret there, to correct it).
    const word = target.closest("[data-segment-text] [data-w]");
    if (word) seek(Number(word.getAttribute("data-s")), true);
  };
  const onInput = (event: React.FormEvent) => {
    const segmentId = segmentIdOf(event.target);
    if (!segmentId || !(event.target as HTMLElement).closest("[data-segment-text]")) return;
    window.clearTimeout(timers.current.get(segmentId));
    timers.current.set(
      segmentId,
      window.setTimeout(() => void saveText(segmentId), AUTOSAVE_MS),
    );
    setStatus("Unsaved changes");
  };
  const onFocus = (event: React.FocusEvent) => {
    const segmentId = segmentIdOf(event.target);
    if (!segmentId || !(event.target as HTMLElement).matches("[data-segment-text]")) return;
    const segment = segmentsRef.current.find((candidate) => candidate.id === segmentId);
    focusText.current = { segmentId, text: segment?.text ?? "", entry: false };
    setEditingId(segmentId);
  };
  const onBlur = (event: React.FocusEvent) => {
    const segmentId = segmentIdOf(event.target);
    if (!segmentId || !(event.target as HTMLElement).matches("[data-segment-text]")) return;
    void saveText(segmentId).finally(() => setEditingId((current) => (current === segmentId ? null : current)));
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (!(event.target as HTMLElement).matches?.("[data-segment-text]")) return;
    if (event.key === "Enter" && event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      return playFromCaret();
    }
    if (event.key === "Enter" && !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey) {
      // Enter splits the segment at the cursor (a segment is one paragraph).
      event.preventDefault();
      void splitAtCaret();
    }
  };
  const onBeforeInput = (event: React.FormEvent) => {
    const inputType = (event.nativeEvent as InputEvent).inputType;
    if (inputType === "historyUndo" || inputType === "historyRedo") {
      event.preventDefault();
      void undoOrRedo(inputType === "historyUndo" ? "undo" : "redo");
    }
    if (inputType === "insertParagraph" || inputType === "insertLineBreak") event.preventDefault();
  };

  // One array per segment, rebuilt only when the notes change, so segments without new notes are not re-rendered.
  const notesBySegment = useMemo(() => {
    const grouped = new Map<string, SegmentNote[]>();
    for (const note of comments) grouped.set(note.segmentId, [...(grouped.get(note.segmentId) ?? []), note]);
    return grouped;
  }, [comments]);
  const staleIds = useMemo(() => new Set(translation?.staleSegmentIds ?? []), [translation?.staleSegmentIds]);
  const hasLow = useMemo(
    () => segments.some((segment) => segment.words.some((word) => word.confidence !== null && word.confidence < 0.5)),
    [segments],
  );

  return (
    <>
      <EditorPlayer
        src={audioDeleted ? null : `/transcription/${recordingId}/audio`}
        audioRef={audioRef}
        enhanced={enhanced}
        initialRate={(location.state as PageMove | null)?.rate}
      >
        {readOnly ? null : (
          <>
            <span className="mx-1 h-5 w-px bg-slate-300" aria-hidden="true" />
            <button
              type="button"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => void undoOrRedo("undo")}
              disabled={!stacks.undo.length}
              className={cn(buttonClass("secondary"), "px-2 py-1")}
            >
              Undo
            </button>
            <button
              type="button"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => void undoOrRedo("redo")}
              disabled={!stacks.redo.length}
              className={cn(buttonClass("secondary"), "px-2 py-1")}
            >
              Redo
            </button>
            <button
              type="button"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => void splitAtCaret()}
              className={cn(buttonClass("secondary"), "px-2 py-1")}
            >
              Split at cursor
            </button>
            <button
              type="button"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => void mergeActive()}
              className={cn(buttonClass("secondary"), "px-2 py-1")}
            >
              Merge with next
            </button>
          </>
        )}
        <button
          type="button"
          onClick={() => setShortcutsOpen(true)}
          className={cn(buttonClass("secondary"), "px-2 py-1")}
        >
          Shortcuts
        </button>
        <p role="status" aria-live="polite" className="min-w-0 basis-full text-xs text-slate-600 sm:basis-auto">
          {status}
        </p>
        {/* In the sticky toolbar, so a refusal is in view wherever the user is in the transcript. */}
        {refusal ? (
          <div
            role="alert"
            className="flex basis-full items-start justify-between gap-3 rounded-md border border-red-200 bg-red-50 p-2 text-sm text-red-800"
          >
            <p>{refusal}</p>
            <button
              type="button"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => setRefusal(null)}
              className="shrink-0 underline"
            >
              Dismiss
            </button>
          </div>
        ) : null}
      </EditorPlayer>
      <ShortcutsDialog open={shortcutsOpen} onOpenChange={setShortcutsOpen} />
      <Dialog open={mergeChoice !== null} onOpenChange={(open) => (open ? undefined : setMergeChoice(null))}>
        <DialogContent>
          <DialogTitle>Whose words is the merged segment?</DialogTitle>
          <DialogDescription>
            This segment is {mergeChoice?.speaker ?? "no speaker"}&apos;s and the next one is{" "}
            {mergeChoice?.nextSpeaker ?? "no speaker"}&apos;s. The merged segment has one speaker.
          </DialogDescription>
          <div className="mt-4 flex flex-wrap gap-2">
            <button
              type="button"
              onClick={() => mergeChoice && void merge(mergeChoice.segmentId, "this")}
              className={buttonClass("primary")}
            >
              Merge as {mergeChoice?.speaker ?? "no speaker"}
            </button>
            <button
              type="button"
              onClick={() => mergeChoice && void merge(mergeChoice.segmentId, "next")}
              className={buttonClass("secondary")}
            >
              Merge as {mergeChoice?.nextSpeaker ?? "no speaker"}
            </button>
            <button type="button" onClick={() => setMergeChoice(null)} className={buttonClass("secondary")}>
              Cancel
            </button>
          </div>
        </DialogContent>
      </Dialog>

      {readOnly ? null : (
        <FindReplace
          detailsRef={findRef}
          recordingId={recordingId}
          segments={segments}
          paged={page.pageCount > 1}
          enhanced={enhanced}
          error={replaceError}
          onReplaceAll={async (fields) => {
            const result = await runRevisionAction({ intent: "replace-all", ...fields });
            if (result) setStatus(replaceAllReport(result.count));
          }}
          onShow={(segmentId) => {
            document.getElementById(`segment-${segmentId}`)?.scrollIntoView({ block: "center" });
            focusSegment(segmentId);
          }}
        />
      )}

      <section aria-labelledby="transcript-title" className="mt-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="transcript-title" className="text-xl font-semibold">
            Transcript
          </h2>
          {enhanced && hasLow ? (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={showMarks} onChange={(event) => setShowMarks(event.target.checked)} />
              Mark unsure words
            </label>
          ) : null}
        </div>
        {hasLow && showMarks ? (
          <p className="mt-1 text-sm text-slate-600">
            <mark className="rounded-sm bg-amber-100 underline decoration-amber-600 decoration-dotted">Marked</mark>{" "}
            words are ones the engine was unsure of: check them against the audio.
          </p>
        ) : null}
        {enhanced && !readOnly ? (
          <p className="mt-1 text-sm text-slate-600">
            Click a word to play from there (Alt+Enter: the word at the cursor); type to correct it (saved as you go).
            Enter splits a segment between the words nearest the cursor.
          </p>
        ) : null}
        <EditorPager info={page} place="top" />
        <datalist id="editor-speakers">
          {speakers.map((speaker) => (
            <option key={speaker} value={speaker} />
          ))}
        </datalist>
        {segments.length === 0 ? (
          <p className="mt-4 rounded-xl border border-slate-200 p-6 text-slate-600">
            No speech was found in this recording.
          </p>
        ) : (
          <ol
            ref={listRef}
            data-marks={showMarks ? "on" : "off"}
            onClick={onClick}
            onInput={onInput}
            onFocus={onFocus}
            onBlur={onBlur}
            onKeyDown={onKeyDown}
            onBeforeInput={onBeforeInput}
            className={cn(
              "mt-4 space-y-2",
              "[&_[data-playing]]:rounded-sm [&_[data-playing]]:bg-brand-200 [&_[data-playing]]:outline [&_[data-playing]]:outline-brand-600",
              "data-[marks=on]:[&_[data-low]]:rounded-sm data-[marks=on]:[&_[data-low]]:bg-amber-100 data-[marks=on]:[&_[data-low]]:underline data-[marks=on]:[&_[data-low]]:decoration-amber-600 data-[marks=on]:[&_[data-low]]:decoration-dotted",
              enhanced && "[&_[data-w]]:cursor-pointer",
            )}
          >
            {segments.map((segment) => (
              <SegmentItem
                key={segment.id}
                recordingId={recordingId}
                segment={segment}
                editable={enhanced && !readOnly}
                mayEdit={!readOnly}
                editing={editingId === segment.id}
                translation={
                  translation
                    ? {
                        language: translation.language,
                        text: translation.texts[segment.id] ?? "",
                        stale: staleIds.has(segment.id),
                      }
                    : null
                }
                notes={notesBySegment.get(segment.id) ?? NO_NOTES}
                busy={busy}
              />
            ))}
          </ol>
        )}
        <EditorPager info={page} place="bottom" />
      </section>
    </>
  );
}
