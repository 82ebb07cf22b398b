import pino, { type Logger } from 'pino';
import type { Config } from './config.js';

export function createLogger(config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>): Logger {
  return pino({
    level: config.LOG_LEVEL,
    base: { service: 'tiyende' },
    redact: { paths: ['req.headers.cookie', 'password', '*.password', 'pin', '*.pin', 'code', '*.code'], censor: '[redacted]' },
  });
}
