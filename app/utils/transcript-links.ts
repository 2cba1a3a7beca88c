// Links into the transcript editor, which shows a long transcript a page at a time (modules/transcripts/editor-pages):
// `?segment=` opens the page that holds the segment, so these work from anywhere, with or without JavaScript.

/** A segment on its page of the editor, scrolled to it (or to `anchor`, such as one of its notes). */
export function segmentHref(recordingId: string, segmentId: string, anchor = `segment-${segmentId}`): string {
  return `/transcription/${recordingId}?segment=${encodeURIComponent(segmentId)}#${anchor}`;
}
