// A timeout that does not count time spent waiting for a person: while held (an MCP server's question
// to the user is open) the clock stops, and it runs on with what was left when the last hold ends.
export class PausableTimer {
  private remaining: number;
  private startedAt = 0;
  private handle: ReturnType<typeof setTimeout> | undefined;
  private holds = 0;
  private done = false;

  constructor(
    ms: number,
    private readonly onFire: () => void,
  ) {
    this.remaining = ms;
    this.start();
  }

  /** Stops the clock until `released` settles (holds nest). */
  async hold<T>(released: Promise<T>): Promise<T> {
    if (this.holds++ === 0 && !this.done) {
      clearTimeout(this.handle);
      this.remaining -= Date.now() - this.startedAt;
    }
    try {
      return await released;
    } finally {
      if (--this.holds === 0 && !this.done) this.start();
    }
  }

  clear(): void {
    this.done = true;
    clearTimeout(this.handle);
  }

  private start(): void {
    this.startedAt = Date.now();
    this.handle = setTimeout(
      () => {
        this.done = true;
        this.onFire();
      },
      Math.max(0, this.remaining),
    );
  }
}
