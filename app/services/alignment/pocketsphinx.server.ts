import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { runCommand } from "../process.server";
import { parsePocketsphinxOutput, pocketsphinxModelFiles } from "../transcription/pocketsphinx.server";
import { SPEECH_SAMPLE_RATE } from "../transcription/wav.server";
import { alignmentKey, type WordAligner, type WordTime } from "./aligner";

const dictionaries = new Map<string, Promise<string>>();

/**
 * The pronouncing dictionary's text, read once per process, with a line break before its first line. Words are looked
 * up in the text itself: building a set of its 135,000 words would hold the event loop for a moment on every start.
 */
function dictionaryText(file: string): Promise<string> {
  let text = dictionaries.get(file);
  if (!text) {
    text = fs.promises.readFile(file, "utf8").then((content) => `\n${content}`);
    text.catch(() => dictionaries.delete(file));
    dictionaries.set(file, text);
  }
  return text;
}

/** Frames of silence (100 s) before pocketsphinx ends an utterance: more than any span has, so a span is one utterance. */
const NEVER_SPLIT_FRAMES = "10000";

/**
 * Forced alignment with Debian's pocketsphinx (0.8+5prealpha, which has no `align` command): the offline engine's own
 * `pocketsphinx_continuous` decodes the span as one utterance against a grammar that is exactly the text, word after
 * word (silence and noise allowed between them), and prints each word's time. (`pocketsphinx_batch` can do the same,
 * but its times drift: it reads the audio short.) English only; a text with a word the dictionary lacks (a name, a
 * number written in digits) is not aligned.
 */
export function pocketsphinxAligner(options: { modelDir: string }): WordAligner {
  const files = pocketsphinxModelFiles(options.modelDir);
  const knows = async (keys: string[]) => {
    const dictionary = await dictionaryText(files.dictionary);
    // A word's first pronunciation is a line "word PH ON EMES"; variants are "word(2) …".
    return keys.length > 0 && keys.every((key) => key && dictionary.includes(`\n${key} `));
  };
  return {
    name: "pocketsphinx",
    knows: (words) => knows(words.map(alignmentKey)),
    async align(wavPath, words, alignOptions = {}) {
      const keys = words.map(alignmentKey);
      if (!(await knows(keys))) return null;
      const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "voxlate-align-"));
      try {
        const grammar = path.join(dir, "span.jsgf");
        await fs.promises.writeFile(grammar, `#JSGF V1.0;\ngrammar span;\npublic <span> = ${keys.join(" ")};\n`);
        const { code, stdout } = await runCommand(
          "pocketsphinx_continuous",
          Object.entries({
            infile: wavPath,
            hmm: files.acousticModel,
            dict: files.dictionary,
            jsgf: grammar,
            samprate: String(SPEECH_SAMPLE_RATE),
            remove_noise: "no",
            vad_postspeech: NEVER_SPLIT_FRAMES,
            logfn: "/dev/null",
            time: "yes",
          }).flatMap(([name, value]) => [`-${name}`, value]),
          {
            timeoutMs: 60_000,
            signal: alignOptions.signal,
            installHint: "the Debian packages pocketsphinx and pocketsphinx-en-us",
          },
        );
        if (code !== 0) return null;
        const found = parsePocketsphinxOutput(stdout).flatMap((segment) => segment.words);
        // No path through the grammar (the words are not what was said): pocketsphinx then prints nothing, or less.
        if (found.length !== keys.length || found.some((entry, index) => entry.word !== keys[index]))
          return keys.map(() => null);
        return found.map(({ start, end }): WordTime => ({ start, end }));
      } finally {
        await fs.promises.rm(dir, { recursive: true, force: true });
      }
    },
  };
}
