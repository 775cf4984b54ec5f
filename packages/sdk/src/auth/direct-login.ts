/**
 * The browser half of direct login (contract oauth-identity.md §2, redirects.md "web_message"):
 * load the authorize URL in a hidden iframe and wait for the page to `postMessage` the code.
 *
 * Only the few DOM members used are typed here (the package compiles without the DOM lib);
 * a real `window` satisfies them, and tests pass a fake one.
 */

export const DIRECT_LOGIN_TIMEOUT_MS = 120_000;

export interface FrameLike {
  src: string;
  style: { display: string };
  /** The frame's window; messages from any other source are ignored when this is set. */
  readonly contentWindow: unknown;
}

export interface MessageEventLike {
  data: unknown;
  source?: unknown;
}

export type MessageListener = (event: MessageEventLike) => void;

export interface BrowserWindow {
  document: {
    createElement(tagName: 'iframe'): FrameLike;
    body: { appendChild(node: FrameLike): unknown; removeChild(node: FrameLike): unknown };
  };
  addEventListener(type: 'message', listener: MessageListener): void;
  removeEventListener(type: 'message', listener: MessageListener): void;
}

/** What the authorize page posted for our request. */
export interface FrameMessage {
  code: string | null;
  state: string;
  error?: string;
  errorDescription?: string;
}

/** The global `window`, or undefined outside a browser. */
export function browserWindow(): BrowserWindow | undefined {
  const w = (globalThis as { window?: BrowserWindow }).window;
  return w && typeof w.addEventListener === 'function' && w.document ? w : undefined;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * Appends a hidden iframe loading `url` and resolves with the first message from it whose data
 * is an object carrying `state` and a `code` (or an `error`). Rejects with
 * Error('OAuth flow timed out') after `timeoutMs`. The frame and listener are always removed.
 */
export function waitForFrameMessage(
  win: BrowserWindow,
  url: string,
  state: string,
  timeoutMs: number = DIRECT_LOGIN_TIMEOUT_MS,
): Promise<FrameMessage> {
  return new Promise<FrameMessage>((resolve, reject) => {
    const frame = win.document.createElement('iframe');
    frame.style.display = 'none';

    const cleanup = (): void => {
      clearTimeout(timer);
      win.removeEventListener('message', onMessage);
      try {
        win.document.body.removeChild(frame);
      } catch {
        // Already gone (the page may have been torn down); nothing left to clean.
      }
    };

    const onMessage: MessageListener = (event) => {
      if (frame.contentWindow && event.source !== frame.contentWindow) return;
      const data = event.data;
      if (typeof data !== 'object' || data === null) return;
      const d = data as Record<string, unknown>;
      if (d.state !== state) return;
      const code = str(d.code);
      const error = str(d.error);
      if (!code && !error) return;
      cleanup();
      const message: FrameMessage = { code: code ?? null, state };
      if (error) message.error = error;
      const description = str(d.error_description) ?? str(d.errorDescription);
      if (description) message.errorDescription = description;
      resolve(message);
    };

    const timer = setTimeout(() => {
      cleanup();
      reject(new Error('OAuth flow timed out'));
    }, timeoutMs);
    win.addEventListener('message', onMessage);
    frame.src = url;
    win.document.body.appendChild(frame);
  });
}
