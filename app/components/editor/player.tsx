// The editor's player: it stays in view while the transcript scrolls, sticky under the app's header on wide screens
// and docked at the bottom of the viewport below them (app.css pads the page by its height). The
// browser's own controls work without JavaScript; skip buttons and the speed choice are added when it runs (they
// need it to do anything).
import type { ReactNode, RefObject } from "react";
import { useEffect, useRef, useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { Hint } from "~/components/ui/hint";
import { cn } from "~/utils/cn";

export const SKIP_SECONDS = 5;
export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;

export function skip(audio: HTMLAudioElement | null, seconds: number) {
  if (!audio) return;
  audio.currentTime = Math.min(Math.max(0, audio.currentTime + seconds), audio.duration || Infinity);
}

export function EditorPlayer({
  src,
  audioRef,
  enhanced,
  initialRate = 1,
  children,
}: {
  /** Null when the owner deleted the audio and kept the transcript. */
  src: string | null;
  audioRef: RefObject<HTMLAudioElement | null>;
  enhanced: boolean;
  /** The speed a player on the transcript's previous page was playing at. */
  initialRate?: number;
  /** The editor's toolbar, kept in view with the player. */
  children?: ReactNode;
}) {
  const [rate, setRate] = useState(initialRate);
  const sectionRef = useRef<HTMLElement>(null);
  useDockedHeight(sectionRef);
  return (
    <section
      ref={sectionRef}
      aria-label="Player"
      // The page pads itself below lg so that nothing hides behind the docked player (app.css).
      data-docked-player=""
      className={cn(
        "fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white/95 px-4 py-2 backdrop-blur",
        "lg:sticky lg:top-16 lg:bottom-auto lg:z-10 lg:mt-8 lg:border-t-0 lg:border-b lg:px-0",
      )}
    >
      {src ? (
        <audio ref={audioRef} controls preload="metadata" src={src} className="w-full">
          <a href={src}>Download the audio</a>
        </audio>
      ) : (
        <p className="text-sm text-slate-700">The audio of this recording was deleted. The transcript is kept.</p>
      )}
      {enhanced ? (
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          {/* The hints spell out the terse labels and teach the keyboard shortcuts (transcript-editor.tsx). */}
          <Hint label={`Back ${SKIP_SECONDS} seconds (J, or Alt+J while typing)`} side="bottom">
            <button
              type="button"
              onClick={() => skip(audioRef.current, -SKIP_SECONDS)}
              className={cn(buttonClass("secondary"), "px-2 py-1")}
            >
              <span aria-hidden="true">«</span> {SKIP_SECONDS} s<span className="sr-only"> back</span>
            </button>
          </Hint>
          <Hint label={`Forward ${SKIP_SECONDS} seconds (L, or Alt+L while typing)`} side="bottom">
            <button
              type="button"
              onClick={() => skip(audioRef.current, SKIP_SECONDS)}
              className={cn(buttonClass("secondary"), "px-2 py-1")}
            >
              {SKIP_SECONDS} s <span aria-hidden="true">»</span>
              <span className="sr-only"> forward</span>
            </button>
          </Hint>
          <label className="flex items-center gap-1">
            Speed
            <select
              value={rate}
              onChange={(event) => {
                const value = Number(event.target.value);
                setRate(value);
                if (audioRef.current) audioRef.current.playbackRate = value;
              }}
              className="rounded-md border border-slate-300 px-1 py-1"
            >
              {PLAYBACK_RATES.map((value) => (
                <option key={value} value={value}>
                  {value}×
                </option>
              ))}
            </select>
          </label>
          {children}
        </div>
      ) : null}
    </section>
  );
}

/** The docked player's height, for the page's bottom padding: the toolbar wraps, and a refusal can show in it. */
function useDockedHeight(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty("--docked-player", `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--docked-player");
    };
  }, [ref]);
}
