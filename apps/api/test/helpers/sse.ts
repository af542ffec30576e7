import http from 'node:http';

export interface TSseEvent {
  id?: string;
  event: string;
  data: string;
}

export interface TSseClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: TSseEvent[];
  comments: string[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  isEnded(): boolean;
  close(): void;
}

/**
 * A minimal EventSource over a real socket: parses `id`, `event`, `data` and comments as they
 * arrive (tests read the stream live, not through inject).
 */
export function openSse(url: string, headers: Record<string, string> = {}): Promise<TSseClient> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers }, agent: false }, (res) => {
      const events: TSseEvent[] = [];
      const comments: string[] = [];
      let buffer = '';
      let ended = false;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event: TSseEvent = { event: 'message', data: '' };
          let isEvent = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else {
              const colon = line.indexOf(':');
              const field = colon < 0 ? line : line.slice(0, colon);
              const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
              if (field === 'id') event.id = value;
              if (field === 'event') event.event = value;
              if (field === 'data') event.data = event.data ? `${event.data}\n${value}` : value;
              if (field === 'id' || field === 'event' || field === 'data') isEvent = true;
            }
          }
          if (isEvent) events.push(event);
        }
      });
      const endedPromise = new Promise<void>((done) => {
        res.on('end', () => {
          ended = true;
          done();
        });
        res.on('close', () => {
          ended = true;
          done();
        });
      });
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        comments,
        ended: endedPromise,
        isEnded: () => ended,
        close: () => request.destroy(),
      });
    });
    request.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
  });
}
