// A real SMTP server on 127.0.0.1 for the email target's tests (smtp-server), which keeps what it
// received as a mail client reads it (mailparser) and answers as told; closed after each test.
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import type { ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterEach } from 'vitest';

export const USER = 'smtp-user-qq7';
export const PASSWORD = 'smtp-pass-zz9';

export interface Mail {
  from: string;
  to: string[];
  raw: string;
  parsed: ParsedMail;
}

/** What the server answers to a message's data: 250, or an error with this SMTP code. */
export type Reply = 250 | number;

export interface Server {
  port: number;
  mails: Mail[];
  /** Replies for the next messages, in order; after them, 250. */
  reply(...replies: Reply[]): void;
}

const servers: SMTPServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

export async function smtpServer(): Promise<Server> {
  const mails: Mail[] = [];
  const queued: Reply[] = [];
  const server = new SMTPServer({
    // Plain SMTP on 127.0.0.1: no certificate to make; authentication over it is allowed for the test.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    disableReverseLookup: true,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: USER });
      else callback(Object.assign(new Error(`Invalid username or password for ${auth.username}`), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const reply = queued.shift() ?? 250;
        if (reply !== 250) {
          // A refusal repeats the user and the relay's own name (without its port), as real servers' do.
          callback(Object.assign(new Error(reply >= 500 ? `Rejected for ${USER} by relay 127.0.0.1` : 'Try again later'), { responseCode: reply }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const from = session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address;
        void simpleParser(raw).then((parsed) => {
          mails.push({ from, to: session.envelope.rcptTo.map((r) => r.address), raw, parsed });
          callback(null);
        });
      });
    },
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.server.address() as AddressInfo).port, mails, reply: (...replies) => queued.push(...replies) };
}
