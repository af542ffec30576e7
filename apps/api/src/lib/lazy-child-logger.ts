import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'fastify/types/logger.js';

type TLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/** A pino logger as Fastify hands it to `childLoggerFactory` (pino has `isLevelEnabled`). */
type TParent = FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };

/**
 * A request's logger whose pino child is made only when the request first logs at an enabled
 * level. Fastify makes one child per request to bind its id; with our redaction paths a pino
 * child was ≈ 17 % of the bytes a cached dashboard answer allocated (bench/README.md), and most
 * requests never log once the level is above `info`. The child, once made, is the same pino
 * child Fastify would have made: same bindings, redaction and serializers.
 */
class LazyChildLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: TParent,
    private readonly bindings: Bindings,
  ) {}

  private get real(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings));
  }

  private enabled(level: TLevel): boolean {
    const logger = this.#child ?? this.parent;
    return (logger as TParent).isLevelEnabled?.(level) ?? true;
  }

  private write(level: TLevel, args: unknown[]): void {
    if (!this.enabled(level)) return;
    const real = this.real;
    (real[level] as (...a: unknown[]) => void).apply(real, args);
  }

  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: lazy children for the common case, Fastify's own behaviour
 * when a route sets its own log level or serializers (the child must exist to carry them).
 */
export function lazyChildLoggerFactory(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  if (options.level !== undefined || options.serializers !== undefined) return logger.child(bindings, options);
  return new LazyChildLogger(logger, bindings);
}
