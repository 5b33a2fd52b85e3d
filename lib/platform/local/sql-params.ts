/** Collects a statement's positional parameters while its text is assembled. */
export class SqlParams {
  readonly values: unknown[] = [];

  /** Adds a value and returns its placeholder, with a cast when one is given (`$3::bigint`). */
  add(value: unknown, cast?: string): string {
    this.values.push(value);
    const placeholder = `$${this.values.length}`;
    return cast ? `${placeholder}::${cast}` : placeholder;
  }
}
