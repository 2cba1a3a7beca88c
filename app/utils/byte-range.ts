/**
 * A single HTTP `Range: bytes=…` header against a body of `size` bytes: the inclusive range to send (206), "outside"
 * when it asks for bytes past the end (416), or null when there is no usable range (send the whole body, 200).
 * `bytes=a-b`, `bytes=a-` and the suffix form `bytes=-n` (the last n bytes) are understood; several ranges are not.
 */
export function byteRange(
  header: string | null | undefined,
  size: number,
): { start: number; end: number } | "outside" | null {
  const range = /^bytes=(\d*)-(\d*)$/.exec(header ?? "");
  if (!range || !(range[1] || range[2])) return null;
  const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
  const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
  return start >= size || start > end ? "outside" : { start, end };
}
