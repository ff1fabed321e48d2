/** What the supervisor needs of a child process. */
export interface StoppableChild {
  readonly exitCode: number | null;
  readonly signalCode: NodeJS.Signals | null;
  kill(signal?: NodeJS.Signals): boolean;
  once(event: 'exit', listener: () => void): unknown;
}

export declare function stopChildren(
  children: Array<[string, StoppableChild]>,
  options: { drainMs: number; marginMs?: number; exit: () => void },
): void;
