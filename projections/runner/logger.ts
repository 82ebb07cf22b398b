/** The part of a pino logger the runner uses: pass a pino instance, or a child of one. */
export interface ProjectionLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export const silentLogger: ProjectionLogger = {
  info() {},
  warn() {},
  error() {},
};
