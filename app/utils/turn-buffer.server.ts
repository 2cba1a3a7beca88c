import { Transform, type TransformCallback } from "node:stream";

/**
 * Hands on what React writes in one go as one chunk. React fills 2 KB views, so a 60 KB page arrived as about 30
 * chunks, each a trip through the web stream and a socket write of its own (a tenth of a signed-in page's CPU,
 * profiled with bench/load). Chunks are held only until the current turn of the event loop ends, so a suspended part
 * still streams the moment it is ready.
 */
export class TurnBuffer extends Transform {
  private held: Buffer[] = [];
  private scheduled = false;
  private readonly passed: Buffer[] | undefined;

  /** `onEnd` receives the whole output once it has all gone through (to keep a rendered page). */
  constructor(private readonly onEnd?: (output: Buffer) => void) {
    super();
    if (onEnd) this.passed = [];
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.held.push(chunk);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.release());
    }
    done();
  }

  override _flush(done: TransformCallback) {
    this.release();
    if (this.passed) this.onEnd!(Buffer.concat(this.passed));
    done();
  }

  private release() {
    this.scheduled = false;
    if (this.held.length === 0) return;
    const chunk = this.held.length === 1 ? this.held[0] : Buffer.concat(this.held);
    this.passed?.push(chunk);
    this.push(chunk);
    this.held = [];
  }
}
