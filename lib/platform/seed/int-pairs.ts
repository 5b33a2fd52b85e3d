/** A growable list of integer pairs in typed arrays: entity rows collected while tweets stream out. */
export class IntPairs {
  private first = new Int32Array(1024);
  private second = new Int32Array(1024);
  length = 0;

  push(a: number, b: number): void {
    if (this.length === this.first.length) {
      const grow = (old: Int32Array) => {
        const next = new Int32Array(old.length * 2);
        next.set(old);
        return next;
      };
      this.first = grow(this.first);
      this.second = grow(this.second);
    }
    this.first[this.length] = a;
    this.second[this.length] = b;
    this.length++;
  }

  a(k: number): number {
    return this.first[k];
  }

  b(k: number): number {
    return this.second[k];
  }
}
