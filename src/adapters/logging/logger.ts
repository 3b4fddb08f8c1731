import { type Logger, pino } from 'pino';
import type { LogLevel } from '../config/app-config.js';

/** JSON lines on stdout. Authorization headers and bodies are never logged, so tokens and secrets cannot leak. */
export const createLogger = (level: LogLevel): Logger =>
  pino({ level, base: null, timestamp: pino.stdTimeFunctions.isoTime });
