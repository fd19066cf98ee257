import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock, makeUser, adminClient, startApp } from '../../test/harness.js';
import type { TestApp } from '../../test/harness.js';
import { handlers } from '../worker/handlers/index.js';
import { memoryLog, openTestDb } from '../../test/jobsDb.js';
import type { TestDb } from '../../test/jobsDb.js';
import { Worker } from '../jobs/worker.js';
import { createMailer, isPermanentMailError } from './mailer.js';
import { MAIL_MAX_ATTEMPTS, queueMail } from './queueMail.js';
import { mails } from './templates.js';

/**
 * A real SMTP server on loopback: refuses the first RCPT to each address with a 4xx (a greylist,
 * a full queue) and every RCPT to `gone@` with a 5xx (no such mailbox); keeps what it accepted.
 */
async function smtpServer() {
  const refused = new Set<string>();
  const received: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      const fail = (code: number, text: string) => callback(Object.assign(new Error(text), { responseCode: code }));
      if (address.address.startsWith('gone@')) return fail(550, 'No such mailbox here');
      if (!refused.has(address.address)) {
        refused.add(address.address);
        return fail(451, 'Try again later');
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((a) => a.address), raw: Buffer.concat(chunks).toString() });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const who = { first_name: 'Ana', last_name: 'García', email: 'ana@example.com' };

describe('mail.send through a real SMTP server', () => {
  let t: TestDb;
  let smtp: Awaited<ReturnType<typeof smtpServer>>;
  beforeAll(async () => {
    t = await openTestDb();
    smtp = await smtpServer();
  });
  afterAll(async () => {
    await smtp?.close();
    await t?.close();
  });

  const row = (id: number | null) =>
    t.db.selectFrom('jobs').selectAll().where('id', '=', id!).executeTakeFirstOrThrow();
  const worker = (clock: TestClock) =>
    new Worker({
      db: t.db,
      dialect: t.dialect,
      log: memoryLog().log,
      clock,
      handlers: { 'mail.send': handlers['mail.send'] },
      mailer: createMailer({ smtpUrl: smtp.url, from: 'Brandvault <noreply@example.com>', outboxDir: '/nonexistent' }),
    });

  it('retries a transient refusal with backoff, then delivers the message once', async () => {
    const clock = new TestClock();
    const w = worker(clock);
    const url = 'http://app.test/password/reset?token=secret-token-1';
    const id = await queueMail(t.db, mails.resetPassword('es', who, url));

    expect(await w.runUntilIdle()).toBe(1);
    const first = await row(id);
    expect(first).toMatchObject({ status: 'queued', attempts: 1, max_attempts: MAIL_MAX_ATTEMPTS });
    expect(first.last_error).toMatch(/451 Try again later/);
    expect(first.last_error).not.toMatch(/\n|\s+at\s/);
    expect(smtp.received).toEqual([]);
    // Not due again until the backoff has passed.
    expect(await w.runUntilIdle()).toBe(0);

    clock.advance(new Date(first.run_at).getTime() - clock.now().getTime());
    expect(await w.runUntilIdle()).toBe(1);
    const done = await row(id);
    expect(done).toMatchObject({ status: 'done', attempts: 2 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['ana@example.com']);
    // Rendered in the recipient's language by the caller.
    expect(smtp.received[0]!.raw).toContain('Hola Ana,');
    // Sent: the stored payload no longer holds the link's token.
    expect(done.payload).not.toContain('secret-token-1');
    expect(JSON.parse(done.payload)).toMatchObject({ redacted: true, to: 'ana@example.com', outcome: 'sent' });

    // Run again (as after a crash before the row said done): the redacted payload sends nothing.
    await t.db
      .updateTable('jobs')
      .set({ status: 'queued', run_at: done.run_at, finished_at: null })
      .where('id', '=', id!)
      .execute();
    expect(await w.runUntilIdle()).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 3 });
    expect(smtp.received).toHaveLength(1);
  });

  it('fails at once, without retrying, when the server refuses the recipient for good', async () => {
    const w = worker(new TestClock());
    const id = await queueMail(t.db, mails.verifyEmail('en', { ...who, email: 'gone@example.com' }, 'http://x/v?t=s2'));
    expect(await w.runUntilIdle()).toBe(1);
    const r = await row(id);
    expect(r).toMatchObject({ status: 'failed', attempts: 1 });
    expect(r.last_error).toMatch(/550 No such mailbox here/);
    expect(JSON.parse(r.payload)).toMatchObject({ redacted: true, outcome: 'failed' });
    expect(smtp.received.filter((m) => m.to.includes('gone@example.com'))).toEqual([]);
  });

  it("carries the brand's logo, name and accent colour, and keeps the sharer's message as text", async () => {
    const w = worker(new TestClock());
    const to = { ...who, email: 'face@example.com' };
    const face = { name: 'Face Co', logo_url: 'http://app.test/api/media/logo.png?sig=1', accent: '#2b8a3e' };
    const url = 'http://app.test/share/1/abc';
    await queueMail(
      t.db,
      mails.collectionShared('en', to, 'Olga Test', 'Launch kit', '<img src=x onerror=alert(1)>', url, face),
    );
    await w.runUntilIdle(); // the greylist's first refusal
    await t.db
      .updateTable('jobs')
      .set({ run_at: new Date(0).toISOString() })
      .where('status', '=', 'queued')
      .execute();
    await w.runUntilIdle();
    const raw = smtp.received.find((m) => m.to.includes('face@example.com'))!.raw;
    // Quoted-printable, as mail is sent: read it as the reader's program does.
    const body = raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    expect(body).toContain('<img src="http://app.test/api/media/logo.png?sig=1"');
    expect(body).toContain('border-top:4px solid #2b8a3e');
    expect(body).toContain(`background:#2b8a3e;color:#fff`);
    expect(body).toMatch(/<strong[^>]*>Face Co<\/strong>/);
    // The HTML part shows the message as text; the plain part carries it as it was written.
    const html = body.slice(body.indexOf('<div'));
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;');
    // An account message wears the product's own face.
    const plain = mails.resetPassword('en', to, 'http://app.test/reset?t=1');
    expect(plain.html).toContain('border-top:4px solid #1c7ed6');
    expect(plain.text.split('\n')[0]).toBe('Brandvault');
  });

  it('tells permanent failures from transient ones', () => {
    expect(isPermanentMailError({ code: 'EENVELOPE', responseCode: 550 })).toBe(true);
    expect(isPermanentMailError({ code: 'EMESSAGE', responseCode: 554 })).toBe(true);
    expect(isPermanentMailError({ code: 'EENVELOPE' })).toBe(true); // an address nodemailer refuses
    expect(isPermanentMailError({ code: 'EENVELOPE', responseCode: 451 })).toBe(false);
    expect(isPermanentMailError({ code: 'EAUTH', responseCode: 535 })).toBe(false);
    expect(isPermanentMailError({ code: 'ECONNECTION' })).toBe(false);
    expect(isPermanentMailError(new Error('ENOSPC'))).toBe(false);
  });
});

describe('mail in the app', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp();
  }, 60_000);
  afterAll(() => app?.close());

  it("is sent by the app's worker, to the outbox, in the language the caller rendered it in", async () => {
    const admin = await adminClient(app);
    const user = await makeUser(app, admin);
    const message = mails.verifyEmail('es', { ...who, email: user.email }, 'http://app.test/verify?x=1');
    const id = await queueMail(app.built.handle.db, message);
    app.built.worker!.wake();
    const [got] = await app.waitForMails(user.email);
    expect(got).toMatchObject({ to: user.email, links: ['http://app.test/verify?x=1'] });
    expect(got!.subject).toMatch(/^Verifica tu correo/);
    const job = await app.built.handle.db
      .selectFrom('jobs')
      .select(['status', 'attempts', 'owner_id'])
      .where('id', '=', id!)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ status: 'done', attempts: 1, owner_id: null });
  });

  it('is waited for by the test clients: after a request its queued mail is in the outbox', async () => {
    const admin = await adminClient(app);
    const before = app.mails().length;
    // A mail queued (as a service does in its transaction) just before a request of the client.
    await queueMail(app.built.handle.db, mails.accountApproved('en', { ...who, email: 'x@example.com' }, 'http://a'));
    await admin.get('/api/auth/me');
    expect(app.mails().length).toBe(before + 1);
    expect(app.mails('x@example.com')[0]!.subject).toMatch(/Your account is ready/);
  });
});
