// Types of the bench's edge stand-in (edge.mjs), for the test that checks its counting.
export interface EdgeRequest {
  /** The session step under way when the request arrived. */
  step: string;
  method: string;
  path: string;
  status: number;
  /** Bytes written to the browser's socket for this answer: status line, headers and body. */
  down: number;
  /** Bytes read from the socket for this request. */
  up: number;
  headersDown: number;
  bodyDown: number;
  gzip: boolean;
  /** A built file's Brotli twin, passed as the Worker sent it (decision 321). */
  br: boolean;
  type: string;
}

export interface EdgeTotals {
  down: number;
  up: number;
  headersDown: number;
  bodyDown: number;
  requests: number;
}

export interface Edge {
  url: string;
  mark(step: string): void;
  throttle(conditions: { latencyMs: number; bytesPerSecond: number } | null): void;
  reset(): void;
  requests(): EdgeRequest[];
  inflight(): number;
  quietFor(): number;
  totals(entries?: EdgeRequest[]): EdgeTotals;
  close(): Promise<void>;
}

export function startEdge(options: { port: number; upstreamPort: number }): Promise<Edge>;
