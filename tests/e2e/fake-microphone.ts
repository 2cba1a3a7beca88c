import { CHROMIUM_LAUNCH } from "../../playwright.config";
import { sharedFile } from "../shared-files";

/**
 * Options for `test.use`: Chromium's fake microphone, allowed without a prompt, plays jfk.wav in real time (it loops)
 * to any page that records.
 */
export const fakeMicrophone = {
  launchOptions: {
    ...CHROMIUM_LAUNCH,
    args: [
      ...CHROMIUM_LAUNCH.args,
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-audio-capture=${sharedFile("testdata/audio/jfk.wav")}`,
    ],
  },
  permissions: ["microphone"],
};
