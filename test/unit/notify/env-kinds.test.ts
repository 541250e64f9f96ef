// Every value notify reads from the environment is checked for its kind before use: an email
// target whose to_env named the server's variable (`smtp://user:password@host`) sent six messages
// to `RCPT TO:<password@host>`, the password in a To: header. A URL is never an address, and the
// error names the variable, never its value.
import { describe, expect, it } from 'vitest';
import { StatuspressError } from '../../../src/errors/error.js';
import { recipientsOf } from '../../../src/notify/email.js';
import { resolveTargets } from '../../../src/notify/targets.js';
import type { NotifyTarget } from '../../../src/content/types.js';

const EMAIL: NotifyTarget = { type: 'email', urlEnv: 'SMTP_URL', secretEnv: null, events: null, components: null, reminderMs: null, email: { toEnv: 'STATUS_TO', from: 'status@acme.com' } };
const SERVER = 'smtps://status-user:s3cretPassw0rd@smtp.acme.com:465';

describe('values from the environment', () => {
  it.each([SERVER, 'smtp://user:pw@relay.example.com', 'user:pw@relay.example.com', 'https://lists.acme.com/status'])('takes no URL for a recipient: %s', (value) => {
    expect(recipientsOf(value)).toBeNull();
    expect(recipientsOf(`ops@acme.com, ${value}`)).toBeNull();
  });

  it('takes addresses separated by commas', () => {
    expect(recipientsOf('ops@acme.com, status-announce+list@acme.co.uk')).toEqual(['ops@acme.com', 'status-announce+list@acme.co.uk']);
  });

  it('refuses a recipients variable holding the server address, naming the variable and never its value', () => {
    let error: unknown;
    try {
      resolveTargets([EMAIL], { SMTP_URL: SERVER, STATUS_TO: SERVER });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(StatuspressError);
    expect((error as StatuspressError).code).toBe('usage/notify-env-not-mail');
    expect((error as StatuspressError).message).toContain('STATUS_TO (email (SMTP_URL, STATUS_TO)) holds no email address');
    expect(`${(error as StatuspressError).message}${(error as StatuspressError).hint ?? ''}`).not.toMatch(/s3cret|smtp\.acme\.com/);
  });
});
