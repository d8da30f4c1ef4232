/**
 * What the maintainers' commands say while they work, on stderr (stdout keeps their one result line): on a terminal a
 * line that counts the current stage's work as it goes, replaced by the stage's closing line; off one, only a closing
 * line per stage (what it did, what the cache answered, how long it took), so a CI log shows where the time went.
 */
import type { Writable } from 'node:stream';

/** One stage: counts its work, then closes with a note. */
export interface Stage {
  tick(done: number, total: number): void;
  end(note: string): void;
}

/** The progress of one command. */
export interface StageProgress {
  stage(name: string): Stage;
}

/** The least time between two redrawings of the live line. */
const REDRAW_MS = 100;

/** Progress for `command` on `stream`, live when `tty`. */
export function stageProgress(command: string, stream: Writable, tty: boolean): StageProgress {
  return {
    stage(name) {
      const started = performance.now();
      let drawn = 0;
      let live = false;
      const draw = (text: string): void => {
        stream.write(`\r\x1b[2K${text}`);
        live = true;
      };
      if (tty) draw(`${command}: ${name} …`);
      return {
        tick(done, total) {
          if (!tty) return;
          const now = performance.now();
          if (now - drawn < REDRAW_MS && done < total) return;
          drawn = now;
          draw(`${command}: ${name} ${done}/${total}`);
        },
        end(note) {
          const seconds = ((performance.now() - started) / 1000).toFixed(1);
          const line = `${command}: ${name}: ${note} (${seconds} s)\n`;
          if (live) stream.write(`\r\x1b[2K${line}`);
          else stream.write(line);
        },
      };
    },
  };
}

/** Progress that says nothing (tests, and callers that print their own). */
export const SILENT: StageProgress = {
  stage: () => ({ tick: () => undefined, end: () => undefined }),
};
