import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { sql } from 'kysely';
import { DB_KINDS, buildTestApp, type TTestApp } from './helpers/build-test-app.ts';
import { TEST_CARD, TEST_CCV, TEST_WALLET, confirmationLinkOf, register, registration } from './helpers/accounts.ts';
import { smtpTransport } from '../src/modules/mail/transport.ts';

/** A real SMTP server on loopback that keeps what it receives, parsed. */
async function startSmtp(): Promise<{ url: string; mails: ParsedMail[]; close: () => Promise<void> }> {
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe.each(DB_KINDS)('registration on %s', (kind) => {
  let t: TTestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildTestApp(kind, { env: { PUBLIC_URL: 'https://kc.example' }, mailTransport: smtpTransport(smtp.url) });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const countUsers = async () => Number((await t.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const countRows = async (table: 'payment_preferences' | 'mail_outbox' | 'sign_up_confirmations') =>
    Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('creates an unconfirmed account, its payment preferences and link, and mails the link over SMTP in the user language', async () => {
    const body = registration({ email: 'Lucia.Garcia@Example.com' });
    const res = await register(t.app, body);
    expect(res.statusCode).toBe(201);
    const answer = res.json();
    expect(answer).toMatchObject({ email: 'lucia.garcia@example.com', confirmed: false });

    const user = await t.db.selectFrom('users').selectAll().where('id', '=', answer.id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      company_id: '1',
      first_name: 'Lucía',
      country_id: 'ES',
      city_id: '3117735',
      roles: ['INVESTOR'],
      confirmed_at: null,
      is_active: true,
      language: 'es',
      ethereum_wallet: TEST_WALLET,
      billing_address_line2: '3º B',
    });
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const prefs = await t.db.selectFrom('payment_preferences').selectAll().where('user_id', '=', answer.id).orderBy('kind').execute();
    expect(prefs.map((p) => [p.kind, p.card_brand, p.card_last4, p.card_expiry, p.ethereum_address])).toEqual([
      ['CARD', 'visa', '1111', '12/39', null],
      ['ETHEREUM', null, null, null, TEST_WALLET],
    ]);
    const confirmation = await t.db.selectFrom('sign_up_confirmations').selectAll().where('user_id', '=', answer.id).executeTakeFirstOrThrow();
    const days = (new Date(confirmation.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    expect(await t.app.mailer.drain()).toBe(1);
    await expect.poll(() => smtp.mails.length).toBe(1);
    const mail = smtp.mails[0]!;
    expect(mail.subject).toBe('Confirme su registro en KC');
    expect((mail.to as { text: string }).text).toBe('lucia.garcia@example.com');
    const link = confirmationLinkOf(mail.text ?? '');
    expect(link.url.startsWith('https://kc.example/web/user/confirm-sign-up?userId=')).toBe(true);
    expect(link.userId).toBe(answer.id);
    expect(mail.html).toContain('Confirmar mi registro');
    expect(mail.html).toContain(`userId=${answer.id}`);
    // Only the hash of the token is stored.
    expect(confirmation.token_hash).not.toBe(link.token);
    expect(confirmation.token_hash).toHaveLength(64);
  });

  it('never stores or logs the card number or the security code', async () => {
    const res = await register(t.app, registration({ ccv: '915', creditCard: '5555 5555 5555 4444' }));
    expect(res.statusCode).toBe(201);
    const tables = ['users', 'payment_preferences', 'mail_outbox', 'sign_up_confirmations', 'access_tokens', 'rate_limits'];
    let everything = '';
    for (const table of tables) {
      const rows = await sql<{ j: string }>`SELECT row_to_json(x)::text AS j FROM ${sql.table(table)} x`.execute(t.db);
      everything += rows.rows.map((r) => r.j).join('\n');
    }
    for (const secret of ['5555555555554444', '5555 5555 5555 4444', TEST_CARD.replace(/ /g, ''), TEST_CARD]) {
      expect(everything).not.toContain(secret);
      expect(t.logs.join('\n')).not.toContain(secret);
    }
    expect(everything).toContain('4444');
    expect(t.logs.join('\n')).not.toContain('"915"');
    expect(t.logs.join('\n')).not.toContain(`"ccv":"${TEST_CCV}"`);
    expect(t.logs.join('\n')).not.toContain('una-clave-larga-2026');
  });

  it('registers each sign-up role, and a company investor with its name and tax id, in English', async () => {
    for (const role of ['AGENT', 'SUPPLIER', 'OWNER']) {
      const res = await register(t.app, registration({ role }));
      expect(res.statusCode).toBe(201);
      const user = await t.db.selectFrom('users').select('roles').where('id', '=', res.json().id).executeTakeFirstOrThrow();
      expect(user.roles).toEqual([role]);
    }
    const company = await register(
      t.app,
      registration({ investorType: 'COMPANY', companyName: 'Ahorros Lucía S.L.', companyTaxId: 'B-12345674', useCreditCard: false, creditCard: null, ccv: null, expirationDate: null }),
      'en',
    );
    expect(company.statusCode).toBe(201);
    const row = await t.db.selectFrom('users').selectAll().where('id', '=', company.json().id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ investor_type: 'COMPANY', company_name: 'Ahorros Lucía S.L.', company_tax_id: 'B12345674', language: 'en' });
    const prefs = await t.db.selectFrom('payment_preferences').select('kind').where('user_id', '=', row.id).execute();
    expect(prefs.map((p) => p.kind)).toEqual(['ETHEREUM']);
    await t.app.mailer.drain();
    await expect.poll(() => smtp.mails.some((m) => m.subject === 'Confirm your KC registration')).toBe(true);
  });

  it('refuses a duplicate e-mail (any case) with a clear error on the field, storing nothing', async () => {
    const first = registration();
    expect((await register(t.app, first)).statusCode).toBe(201);
    const before = await countUsers();
    const again = await register(t.app, registration({ email: String(first['email']).toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'emailTaken',
      errors: [{ field: 'email', message: 'Ya existe una cuenta con este correo electrónico. Inicie sesión con ella' }],
    });
    expect(await countUsers()).toBe(before);
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['missing e-mail', { email: undefined }, 'email', 'Requerido'],
    ['bad e-mail', { email: 'not-an-email' }, 'email', 'Invalid email'],
    ['short password', { password: 'corta', repeatPassword: 'corta' }, 'password', 'La contraseña debe tener al menos 10 caracteres'],
    ['different repeat', { repeatPassword: 'otra-clave-larga-2026' }, 'repeatPassword', 'Las contraseñas no coinciden'],
    ['bad DNI', { dni: '12345678A' }, 'dni', 'El DNI o NIE no es válido'],
    ['missing first name', { firstName: '' }, 'firstName', 'Requerido'],
    ['missing last name', { lastName: '   ' }, 'lastName', 'Requerido'],
    ['under 18', { dateOfBirth: `${new Date().getUTCFullYear() - 17}-01-01` }, 'dateOfBirth', 'Debe tener al menos 18 años'],
    ['bad date', { dateOfBirth: '1985-02-30' }, 'dateOfBirth', 'Introduzca una fecha válida (AAAA-MM-DD)'],
    ['unknown country', { countryId: 'XX' }, 'countryId', 'Elija un país de la lista'],
    ['city of another country', { cityId: '2988507' }, 'cityId', 'Elija una ciudad de la lista del país elegido'],
    ['missing city', { cityId: '' }, 'cityId', 'Requerido'],
    ['bad postal code', { postalCode: '99999' }, 'postalCode', 'El código postal no es válido'],
    ['card failing Luhn', { creditCard: '4111 1111 1111 1112' }, 'creditCard', 'El número de tarjeta no es válido'],
    ['missing card', { creditCard: '' }, 'creditCard', 'Requerido'],
    ['ccv of 4', { ccv: '1234' }, 'ccv', 'El código de seguridad debe tener exactamente 3 caracteres'],
    ['ccv of letters', { ccv: 'abc' }, 'ccv', 'El código de seguridad solo puede contener números'],
    ['expired card', { expirationDate: '01/20' }, 'expirationDate', 'La tarjeta está caducada'],
    ['bad expiry', { expirationDate: '13/30' }, 'expirationDate', 'Introduzca la fecha de caducidad como MM/AA'],
    ['bad wallet', { ethereumWallet: '0x1234' }, 'ethereumWallet', 'La dirección Ethereum debe ser 0x seguido de 40 caracteres hexadecimales'],
    [
      'wallet with a wrong checksum',
      { ethereumWallet: '0x52908400098527886e0F7030069857D2E4169EE7' },
      'ethereumWallet',
      'La dirección Ethereum tiene mayúsculas y minúsculas que no coinciden con su suma de control (EIP-55)',
    ],
    ['missing useCreditCard', { useCreditCard: undefined }, 'useCreditCard', 'Requerido'],
    ['missing billing line 1', { billingAddressLine1: '' }, 'billingAddressLine1', 'Requerido'],
    ['missing billing line 2', { billingAddressLine2: '' }, 'billingAddressLine2', 'Requerido'],
    ['unknown billing country', { billingCountry: 'QQ' }, 'billingCountry', 'Elija un país de la lista'],
    ['missing billing state', { billingState: '' }, 'billingState', 'Requerido'],
    ['missing billing city', { billingCity: '' }, 'billingCity', 'Requerido'],
    ['bad billing postal code', { billingPostalCode: '00000' }, 'billingPostalCode', 'El código postal no es válido'],
    ['company without its tax id', { investorType: 'COMPANY', companyName: 'X S.L.', companyTaxId: '' }, 'companyTaxId', 'Requerido'],
    ['a role that cannot register', { role: 'ADMIN' }, 'role', 'Valor no válido'],
  ];

  it.each(invalid)('refuses %s with the message on its field and stores nothing', async (_name, change, field, message) => {
    const body = registration(change);
    for (const [key, value] of Object.entries(change)) if (value === undefined) delete body[key];
    const before = { users: await countUsers(), prefs: await countRows('payment_preferences'), mails: await countRows('mail_outbox'), links: await countRows('sign_up_confirmations') };
    const res = await register(t.app, body);
    expect(res.statusCode).toBe(400);
    const problem = res.json();
    expect(problem).toMatchObject({ code: 'validation', detail: 'Existen errores en el formulario.' });
    expect(problem.errors).toContainEqual({ field, message });
    expect({
      users: await countUsers(),
      prefs: await countRows('payment_preferences'),
      mails: await countRows('mail_outbox'),
      links: await countRows('sign_up_confirmations'),
    }).toEqual(before);
  });

  it('answers field errors in English for an English request', async () => {
    const res = await register(t.app, registration({ ccv: '12' }), 'en');
    expect(res.json().errors).toContainEqual({ field: 'ccv', message: 'The security code must have exactly 3 characters' });
  });

  it('refuses a body that is not an object', async () => {
    const before = await countUsers();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/register-inversor',
      headers: { 'company-id': '1', 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation' });
    expect(await countUsers()).toBe(before);
  });
});
