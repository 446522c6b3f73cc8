/**
 * Chromium driven over the DevTools protocol on its own pipe, with nothing
 * switched on that a measurement did not ask for.
 *
 * Why not playwright-core, as the other browser scripts: Playwright enables the
 * Runtime domain in every page, and with it on, V8 records a detailed stack
 * trace for every Error object made, which needs the source positions of every
 * function on the stack. react-dom makes five such objects as it evaluates, so
 * under Playwright (and Lighthouse, which does the same) its evaluation takes
 * several times what it takes for a visitor (README, "Performance", and
 * scripts/bench/framework-evaluation.ts). A bench of what visitors' main
 * threads do must not pay it; `runtime: true` in openTab measures it the
 * DevTools way on purpose.
 *
 * Messages are JSON, each ended by a NUL byte, on file descriptors 3 (to
 * Chromium) and 4 (from it): Chromium's --remote-debugging-pipe.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../local/browser';

interface Message {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { message: string };
  sessionId?: string;
}

type Listener = (message: Message) => void;

export class CdpPipe {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (result: Record<string, unknown>) => void; reject: (error: Error) => void }>();
  private readonly listeners = new Set<Listener>();
  private readonly toChromium: Writable;
  private exited = false;

  private constructor(private readonly child: ChildProcess) {
    this.toChromium = child.stdio[3] as Writable;
    const fromChromium = child.stdio[4] as Readable;
    let buffered = '';
    fromChromium.setEncoding('utf8').on('data', (chunk: string) => {
      buffered += chunk;
      for (let end = buffered.indexOf('\0'); end !== -1; end = buffered.indexOf('\0')) {
        const message = JSON.parse(buffered.slice(0, end)) as Message;
        buffered = buffered.slice(end + 1);
        const waiting = message.id === undefined ? undefined : this.pending.get(message.id);
        if (waiting) {
          this.pending.delete(message.id!);
          if (message.error) waiting.reject(new Error(message.error.message));
          else waiting.resolve(message.result ?? {});
        } else {
          for (const listener of this.listeners) listener(message);
        }
      }
    });
    child.once('exit', () => {
      this.exited = true;
      for (const { reject } of this.pending.values()) reject(new Error('Chromium exited'));
      this.pending.clear();
    });
  }

  /** Chromium with the usual flags (scripts/local/browser.ts) and `extraFlags`, on a blank page. */
  static launch(extraFlags: string[] = []): CdpPipe {
    const child = spawn(CHROMIUM_PATH, ['--remote-debugging-pipe', '--headless', ...CHROMIUM_FLAGS, ...extraFlags, 'about:blank'], {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
    });
    return new CdpPipe(child);
  }

  send<T = Record<string, unknown>>(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<T> {
    if (this.exited) return Promise.reject(new Error('Chromium exited'));
    const id = this.nextId++;
    this.toChromium.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    return new Promise((resolve, reject) =>
      this.pending.set(id, { resolve: resolve as (result: Record<string, unknown>) => void, reject }),
    );
  }

  /** Resolves with the params of the first event called `method` (for `sessionId`, if given). */
  waitFor(method: string, sessionId?: string): Promise<Record<string, unknown>> {
    return new Promise((resolve) => {
      const listener: Listener = (message) => {
        if (message.method !== method || (sessionId && message.sessionId !== sessionId)) return;
        this.listeners.delete(listener);
        resolve(message.params ?? {});
      };
      this.listeners.add(listener);
    });
  }

  async version(): Promise<string> {
    return (await this.send<{ product: string }>('Browser.getVersion')).product;
  }

  /**
   * A tab in a browser context of its own (empty caches, like a new visitor).
   * `runtime`: enable the Runtime domain, as Playwright and Lighthouse do.
   */
  async openTab({ runtime = false } = {}): Promise<Tab> {
    const { browserContextId } = await this.send<{ browserContextId: string }>('Target.createBrowserContext', { disposeOnDetach: true });
    const { targetId } = await this.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank', browserContextId });
    const { sessionId } = await this.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
    if (runtime) await this.send('Runtime.enable', {}, sessionId);
    return {
      send: (method, params) => this.send(method, params, sessionId),
      close: async () => {
        await this.send('Target.disposeBrowserContext', { browserContextId });
      },
    };
  }

  /** Records a trace of the whole browser until the returned function is called, which resolves with its JSON. */
  async startTracing(categories: string[]): Promise<() => Promise<string>> {
    await this.send('Tracing.start', {
      traceConfig: { includedCategories: categories, recordMode: 'recordAsMuchAsPossible' },
      transferMode: 'ReturnAsStream',
    });
    return async () => {
      const complete = this.waitFor('Tracing.tracingComplete');
      await this.send('Tracing.end');
      const { stream } = (await complete) as { stream: string };
      const chunks: string[] = [];
      for (;;) {
        const { data, eof, base64Encoded } = await this.send<{ data: string; eof: boolean; base64Encoded?: boolean }>('IO.read', {
          handle: stream,
        });
        chunks.push(base64Encoded ? Buffer.from(data, 'base64').toString('utf8') : data);
        if (eof) break;
      }
      await this.send('IO.close', { handle: stream });
      return chunks.join('');
    };
  }

  async close(): Promise<void> {
    if (this.exited) return;
    const exit = new Promise((resolve) => this.child.once('exit', resolve));
    await this.send('Browser.close').catch(() => undefined);
    await Promise.race([exit, new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (!this.exited) this.child.kill('SIGKILL');
    (this.child.stdio[3] as Writable).destroy();
    (this.child.stdio[4] as Readable).destroy();
  }
}

export interface Tab {
  send<T = Record<string, unknown>>(method: string, params?: Record<string, unknown>): Promise<T>;
  close(): Promise<void>;
}
