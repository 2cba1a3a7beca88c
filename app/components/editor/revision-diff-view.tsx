// A revision's word diff (revision-diff.ts): removed words in <del>, added ones in <ins>, each also struck through or
// underlined and named for screen readers, so the change is never told by colour alone.
import type { RevisionDiff } from "~/modules/transcripts/revision-diff";
import { formatTimestamp } from "~/utils/timestamps";
import { countOf } from "~/utils/plural";

export function RevisionDiffView({ diff }: { diff: RevisionDiff }) {
  return (
    <div className="space-y-1">
      {diff.runs.map((run, index) => (
        <p key={index} className="leading-relaxed">
          <span className="mr-2 font-mono text-xs text-slate-600">{formatTimestamp(run.at)}</span>
          {run.parts.map((part, partIndex) => {
            const text = part.speaker ? <strong>{part.text}</strong> : part.text;
            const space = partIndex ? " " : "";
            if (part.op === "add")
              return (
                <span key={partIndex}>
                  {space}
                  <ins className="rounded-sm bg-green-100 text-green-900 underline decoration-2">
                    <span className="sr-only">added: </span>
                    {text}
                  </ins>
                </span>
              );
            if (part.op === "remove")
              return (
                <span key={partIndex}>
                  {space}
                  <del className="rounded-sm bg-red-100 text-red-900 line-through decoration-2">
                    <span className="sr-only">removed: </span>
                    {text}
                  </del>
                </span>
              );
            return (
              <span key={partIndex} className={part.gap ? "text-slate-500" : "text-slate-700"}>
                {space}
                {text}
              </span>
            );
          })}
        </p>
      ))}
      {diff.more ? (
        <p className="text-xs text-slate-600">and {countOf(diff.more, "more change", "more changes")} further on.</p>
      ) : null}
    </div>
  );
}
