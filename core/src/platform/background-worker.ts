export const BackgroundWorker = Symbol('BackgroundWorker');
/** Work a module runs beside the HTTP server (sweepers, dispatchers); started after listen, stopped before close. */
export interface BackgroundWorker {
  readonly name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}
