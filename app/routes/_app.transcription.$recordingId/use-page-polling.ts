import { useEffect } from "react";
import { useRevalidator } from "react-router";

const POLL_MS = 2000;

/**
 * While the file is processed, asks for its status and reloads the page's data when it changes; while a translation
 * runs, reloads the page's data until it is done. (Without JavaScript the page refreshes itself: status-sections.)
 */
export function usePagePolling({
  recording,
  translating,
}: {
  recording: { id: string; status: string; progress: number };
  translating: boolean;
}) {
  const revalidator = useRevalidator();
  const pending = recording.status === "QUEUED" || recording.status === "PROCESSING";

  useEffect(() => {
    if (!pending) return;
    let polls = 0;
    const timer = setInterval(async () => {
      // The queue position and the time left change without the status: reload them every 10 s as well.
      if (++polls % 5 === 0) return revalidator.revalidate();
      const response = await fetch(`/api/recordings/${recording.id}`, {
        headers: { Accept: "application/json" },
      }).catch(() => null);
      if (!response?.ok) return;
      const status = (await response.json()) as { status: string; progress: number };
      if (status.status !== recording.status || status.progress !== recording.progress) revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [pending, recording.id, recording.status, recording.progress, revalidator]);

  useEffect(() => {
    if (!translating) return;
    const timer = setInterval(() => revalidator.revalidate(), POLL_MS);
    return () => clearInterval(timer);
  }, [translating, revalidator]);
}
