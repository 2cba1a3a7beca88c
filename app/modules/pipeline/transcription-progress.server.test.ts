import { describe, expect, test } from "vitest";
import { queuePositionText, timeLeftText } from "~/modules/recordings/recording-format";
import { audioDone, measuredSpeed, type ProgressRecording } from "./transcription-progress.server";

const now = new Date("2026-07-06T12:00:00Z");
const running = (progress: number, secondsAgo: number): ProgressRecording => ({
  id: "r1",
  status: "PROCESSING",
  progress,
  durationSeconds: 120,
  createdAt: new Date(now.getTime() - 600_000),
  startedAt: new Date(now.getTime() - secondsAgo * 1000),
});

describe("transcription progress", () => {
  test("the first 5 % is the download: no audio is done before it", () => {
    expect(audioDone(0)).toBe(0);
    expect(audioDone(5)).toBe(0);
    expect(audioDone(99)).toBe(1);
    expect(audioDone(52)).toBeCloseTo(0.5, 5);
  });

  test("a job that has run long enough is timed by its own speed, over any recent one", () => {
    const measured = measuredSpeed(running(52, 60), 10, now)!;
    expect(measured.source).toBe("this job");
    expect(measured.speed).toBeCloseTo(1, 5); // 60 s of audio in 60 s
  });

  test("a job that has just started is timed by the engine's recent jobs, or not at all", () => {
    expect(measuredSpeed(running(6, 2), 4, now)).toEqual({ speed: 4, source: "recent jobs" });
    expect(measuredSpeed(running(6, 2), null, now)).toBeNull();
    expect(measuredSpeed({ ...running(0, 0), status: "QUEUED", startedAt: null }, null, now)).toBeNull();
  });

  test("queue positions and times are said as people say them", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(queuePositionText)).toEqual([
      "Next in the queue",
      "2nd in the queue",
      "3rd in the queue",
      "4th in the queue",
      "11th in the queue",
      "12th in the queue",
      "13th in the queue",
      "21st in the queue",
      "22nd in the queue",
      "101st in the queue",
    ]);
    expect(timeLeftText(null)).toBe("Estimating…");
    expect(timeLeftText(30)).toBe("Less than a minute left");
    expect(timeLeftText(65)).toBe("About 1 minute left");
    expect(timeLeftText(600)).toBe("About 10 minutes left");
    expect(timeLeftText(4800)).toBe("About 1 h 20 min left");
  });
});
