import { type DestinationStream, type Logger, type LoggerOptions, pino } from 'pino';
import pretty from 'pino-pretty';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface LogSettings {
  /** Written on every line as `service`. */
  service: string;
  logLevel: LogLevel;
  /** `json` lines for machines (default) or `pretty` lines for a person at a terminal. */
  logFormat?: 'json' | 'pretty';
  /** Stream for log lines; tests pass one to read what was logged. */
  logStream?: NodeJS.WritableStream;
}

function prettyStream(): NodeJS.WritableStream {
  return pretty({
    sync: true,
    colorize: process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,service',
    singleLine: true,
  });
}

/**
 * The pino settings of every Faraday process, servers and workers alike: the level, `service`
 * on each line, credentials in request headers redacted, JSON or pretty lines on stdout.
 */
export function loggerOptions(settings: LogSettings): LoggerOptions & { stream: DestinationStream } {
  return {
    level: settings.logLevel,
    base: { service: settings.service },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["x-ai-gateway-token"]',
        'req.headers["x-faraday-service-token"]',
      ],
      censor: '[redacted]',
    },
    stream: settings.logStream ?? (settings.logFormat === 'pretty' ? prettyStream() : process.stdout),
  };
}

/** A logger for a process that is not a Fastify server (a queue worker), with the same lines. */
export function createLogger(settings: LogSettings): Logger {
  const { stream, ...options } = loggerOptions(settings);
  return pino(options, stream);
}
