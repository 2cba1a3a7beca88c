import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, test } from "vitest";
import { sharedFile } from "../tests/shared-files";
import { tsxCommand } from "../tests/cli-command";

const run = promisify(execFile);

/** `npm run doctor` as an operator runs it, on a fresh data dir and the given settings: its exit code and output. */
async function doctor(env: Record<string, string>): Promise<{ code: number; output: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-doctor-"));
  try {
    const { stdout } = await run(...tsxCommand("scripts/doctor.ts"), {
      env: { ...process.env, NODE_ENV: "production", DATABASE_URL: "", DATA_DIR: dataDir, ...env },
    });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

describe("npm run doctor", () => {
  test("the default install without a whisper model: every part listed, the fallback warned about, exit 0", async () => {
    const { code, output } = await doctor({
      TRANSCRIBE_ENGINE: "",
      WHISPER_MODEL_PATH: "",
      VAD_MODEL_PATH: "",
      APP_URL: "",
      PORT: "3999",
      MIN_FREE_DISK_BYTES: "1024",
      BACKUP_DIR: "",
      METRICS_ENABLED: "",
      METRICS_TOKEN: "",
      SENTRY_DSN: "",
    });
    expect(code).toBe(0);
    for (const part of ["Transcription", "VAD", "Diarization", "Translation", "Summaries", "Chat assistant"])
      expect(output).toMatch(new RegExp(`^(ok  |WARN)  ${part}: `, "m"));
    expect(output).toMatch(/^WARN {2}Transcription: Pocketsphinx \(offline, English\), model en-us$/m);
    expect(output).toContain(
      "Offline fallback engine: low accuracy, English only. Ask your administrator to install a whisper model.",
    );
    expect(output).toMatch(/^ok {4}Storage: file\n.*\n {6}Writable/m);
    expect(output).toMatch(/^ok {4}Email: Outbox/m);
    expect(output).toMatch(/^ok {4}Database: pglite\n.*\n {6}Reachable\.$/m);
    // Without APP_URL, links follow the port and the operator is told they work on this machine only.
    expect(output).toMatch(/^WARN {2}Public address: APP_URL is not set\n {6}at http:\/\/localhost:3999\n/m);
    // Operations: no scheduled backup is a warning; metrics and error reporting are off; the disk has headroom.
    expect(output).toMatch(/^WARN {2}Backups: not scheduled\n {6}Set BACKUP_DIR/m);
    expect(output).toMatch(/^ok {4}Metrics: off$/m);
    expect(output).toMatch(/^ok {4}Error reporting: off$/m);
    expect(output).toMatch(/^ok {4}Disk: [\d.]+ GiB free, [\d.]+ GiB above MIN_FREE_DISK_BYTES \(0\.0 GiB\)$/m);
    expect(output).toMatch(/All working, with 4 warnings\.$/m);
  }, 60_000);

  test("a model present and checked; a configured part that fails makes the exit code 1", async () => {
    const { code, output } = await doctor({
      TRANSCRIBE_ENGINE: "whisper",
      WHISPER_MODEL_PATH: sharedFile("models/for-tests-ggml-tiny.en.bin"),
      VAD_MODEL_PATH: sharedFile("models/silero_vad.onnx"),
      // A storage root that cannot be created: its parent is a file.
      STORAGE_URL: `file:${sharedFile("models/silero_vad.onnx")}/uploads`,
    });
    expect(code).toBe(1);
    expect(output).toMatch(/^ok {4}Transcription: Whisper tiny\.en \(on this server\), model tiny\.en$/m);
    expect(output).toMatch(/^ok {4}VAD: .*\n.*\n {6}Present and matches its published checksum\.$/m);
    expect(output).toMatch(/^FAIL {2}Storage: /m);
    expect(output).toMatch(/^ok {4}Public address: APP_URL\n {6}at http:\/\/localhost:3000\n/m);
    expect(output).toMatch(/1 failed: Storage\.$/m);
  }, 60_000);

  test("operations: the last backup and its restore check, metrics and error reporting on, too little disk", async () => {
    const backups = fs.mkdtempSync(path.join(os.tmpdir(), "voxlate-doctor-backups-"));
    try {
      const recent = new Date(Date.now() - 60 * 60_000).toISOString();
      const dir = path.join(backups, `voxlate-backup-${recent.replaceAll(":", "-").replace(".", "-")}`);
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, "manifest.json"), JSON.stringify({ createdAt: recent }));
      fs.writeFileSync(
        path.join(dir, "verified.json"),
        JSON.stringify({ ok: false, verifiedAt: recent, detail: "users restored 1 rows of the backup's 2." }),
      );
      const { code, output } = await doctor({
        BACKUP_DIR: backups,
        METRICS_TOKEN: "a-metrics-token-of-24-characters-or-more",
        SENTRY_DSN: "https://public-key@errors.example.com/4",
        MIN_FREE_DISK_BYTES: String(1024 ** 5),
      });
      expect(code).toBe(1);
      expect(output).toMatch(
        /^FAIL {2}Backups: scheduled \(15 3 \* \* \*, keeping 7\)\n.*\n {6}Last backup .* \(1\.0 h ago\); it did NOT restore in its check .*users restored 1 rows/m,
      );
      expect(output).toMatch(/^ok {4}Metrics: on, behind METRICS_TOKEN\n {6}at \/metrics$/m);
      expect(output).toMatch(/^ok {4}Error reporting: on \(Sentry\)\n {6}at errors\.example\.com$/m);
      expect(output).not.toContain("public-key");
      expect(output).toMatch(/^FAIL {2}Disk: .*\n.*\n {6}Below MIN_FREE_DISK_BYTES/m);

      fs.writeFileSync(
        path.join(dir, "verified.json"),
        JSON.stringify({ ok: true, verifiedAt: recent, detail: "restored" }),
      );
      const good = await doctor({ BACKUP_DIR: backups });
      expect(good.output).toMatch(/^ok {4}Backups: .*\n.*\n {6}Last backup .*; restored in its check at /m);
    } finally {
      fs.rmSync(backups, { recursive: true, force: true });
    }
  }, 90_000);
});
