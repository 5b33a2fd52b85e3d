declare module 'async-exit-hook' {
  type Hook = (done?: () => void) => void;
  const AsyncExitHook: ((hook: Hook) => void) & { unhookEvent(event: string): void; hookEvent(event: string, code?: number): void };
  export default AsyncExitHook;
}
