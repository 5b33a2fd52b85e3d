/**
 * A problem at start-up that the operator can fix: printed as one line with its remedy,
 * then the process exits non-zero, without a stack trace.
 */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}
