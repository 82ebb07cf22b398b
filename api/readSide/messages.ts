import type { TextMessage } from '../../commands/shared/safetyPorts.js';
import type { ProjectionStatus } from '../../projections/runner/index.js';

/** What the read-side worker tells the API that started it, over the child process's IPC channel. */
export type WorkerMessage =
  /** Its projections, reactors and timers are started. */
  | { kind: 'ready' }
  /** Each projection's and reactor's status in the worker (every second, for /health). */
  | { kind: 'status'; projections: Array<{ name: string; status: ProjectionStatus; error?: string }> }
  /** A development-outbox SMS the worker's timers "sent": the API serves them at GET /api/dev/texts. */
  | { kind: 'text'; message: TextMessage };

export function isWorkerMessage(value: unknown): value is WorkerMessage {
  const kind = (value as { kind?: unknown } | null)?.kind;
  return kind === 'ready' || kind === 'status' || kind === 'text';
}
