import type { Database } from 'better-sqlite3';

/** Versioned schema migrations, applied in order once each (recorded in `migrations`). */
export const migrations: { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: 'initial schema',
    sql: `
      CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL, updated_at TEXT NOT NULL);

      CREATE TABLE product_statuses (
        id INTEGER PRIMARY KEY,
        is_ro_vignette_available INTEGER NOT NULL DEFAULT 0,
        is_hu_vignette_available INTEGER NOT NULL DEFAULT 0,
        is_rca_available INTEGER NOT NULL DEFAULT 1,
        is_travel_available INTEGER NOT NULL DEFAULT 1,
        is_house_insurance_available INTEGER NOT NULL DEFAULT 1,
        created_at TEXT NOT NULL, updated_at TEXT NOT NULL, deleted_at TEXT
      );

      CREATE TABLE insurers (code TEXT PRIMARY KEY, name TEXT NOT NULL, sort INTEGER NOT NULL DEFAULT 0);

      CREATE TABLE products (
        id INTEGER PRIMARY KEY,
        code TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        description TEXT NOT NULL,
        status_flag TEXT,
        is_active INTEGER NOT NULL DEFAULT 1,
        policy_prefix TEXT NOT NULL,
        min_period INTEGER NOT NULL,
        max_period INTEGER NOT NULL,
        periods TEXT NOT NULL,
        options TEXT NOT NULL,
        sort INTEGER NOT NULL DEFAULT 0
      );

      CREATE TABLE tariffs (
        id INTEGER PRIMARY KEY,
        product_code TEXT NOT NULL,
        insurer_code TEXT,
        name TEXT NOT NULL,
        data TEXT NOT NULL,
        UNIQUE (product_code, insurer_code, name)
      );

      CREATE TABLE bonus_malus_classes (code TEXT PRIMARY KEY, factor REAL NOT NULL, ordinal INTEGER NOT NULL);

      CREATE TABLE claims_history (
        id INTEGER PRIMARY KEY,
        owner_id TEXT NOT NULL,
        vin TEXT,
        bonus_malus_class TEXT NOT NULL REFERENCES bonus_malus_classes(code),
        claims_count INTEGER NOT NULL DEFAULT 0,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX claims_history_owner ON claims_history(owner_id, vin);

      CREATE TABLE vehicles (
        id INTEGER PRIMARY KEY,
        registration_plate TEXT NOT NULL UNIQUE,
        vin TEXT NOT NULL UNIQUE,
        category TEXT NOT NULL, make TEXT NOT NULL, model TEXT NOT NULL, fuel TEXT NOT NULL,
        year INTEGER NOT NULL, max_mass_kg INTEGER NOT NULL, engine_cc INTEGER NOT NULL, power_kw INTEGER NOT NULL,
        seats INTEGER NOT NULL, first_registration_date TEXT NOT NULL, civ_series TEXT NOT NULL
      );

      CREATE TABLE faq (
        id INTEGER PRIMARY KEY,
        category TEXT NOT NULL, category_sort INTEGER NOT NULL,
        slug TEXT NOT NULL UNIQUE, question TEXT NOT NULL, answer TEXT NOT NULL, sort INTEGER NOT NULL
      );

      CREATE TABLE info_pages (slug TEXT PRIMARY KEY, title TEXT NOT NULL, body_html TEXT NOT NULL, sort INTEGER NOT NULL, updated_at TEXT NOT NULL);

      CREATE TABLE users (
        id INTEGER PRIMARY KEY,
        email TEXT NOT NULL UNIQUE,
        password_hash TEXT NOT NULL,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        phone_number TEXT NOT NULL DEFAULT '',
        is_default_password INTEGER NOT NULL DEFAULT 0,
        is_deleted INTEGER NOT NULL DEFAULT 0,
        is_two_factor_required INTEGER NOT NULL DEFAULT 0,
        two_factor_provider TEXT,
        two_factor_secret TEXT,
        two_factor_pending_secret TEXT,
        address TEXT,
        preferences TEXT,
        google_sub TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );

      CREATE TABLE sessions (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users(id),
        token_hash TEXT NOT NULL UNIQUE,
        user_agent TEXT NOT NULL DEFAULT '',
        ip TEXT NOT NULL DEFAULT '',
        two_factor_passed INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        last_used_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        revoked_at TEXT
      );
      CREATE INDEX sessions_user ON sessions(user_id);

      CREATE TABLE password_resets (
        id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users(id), token_hash TEXT NOT NULL UNIQUE,
        expires_at TEXT NOT NULL, used_at TEXT, created_at TEXT NOT NULL
      );

      CREATE TABLE recovery_codes (
        id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users(id), code_hash TEXT NOT NULL,
        used_at TEXT, created_at TEXT NOT NULL
      );

      CREATE TABLE totp_used_steps (user_id INTEGER NOT NULL, step INTEGER NOT NULL, PRIMARY KEY (user_id, step));

      CREATE TABLE email_codes (
        id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users(id), code_hash TEXT NOT NULL,
        expires_at TEXT NOT NULL, used_at TEXT, created_at TEXT NOT NULL
      );

      CREATE TABLE two_factor_attempts (
        id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, ip TEXT NOT NULL, success INTEGER NOT NULL, created_at TEXT NOT NULL
      );
      CREATE INDEX two_factor_attempts_user ON two_factor_attempts(user_id, created_at);
      CREATE INDEX two_factor_attempts_ip ON two_factor_attempts(ip, created_at);

      CREATE TABLE quotes (
        id TEXT PRIMARY KEY, product_code TEXT NOT NULL, partner_code TEXT, input TEXT NOT NULL, offers TEXT NOT NULL,
        created_at TEXT NOT NULL, expires_at TEXT NOT NULL
      );

      CREATE TABLE orders (
        id INTEGER PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users(id),
        quote_id TEXT NOT NULL REFERENCES quotes(id),
        offer_id TEXT NOT NULL,
        product_code TEXT NOT NULL,
        insurer_code TEXT NOT NULL REFERENCES insurers(code),
        package_name TEXT NOT NULL,
        amount_bani INTEGER NOT NULL,
        status TEXT NOT NULL,
        partner_code TEXT,
        customer TEXT NOT NULL,
        consents TEXT NOT NULL,
        policy_id INTEGER,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        paid_at TEXT
      );
      CREATE INDEX orders_user ON orders(user_id);

      CREATE TABLE payments (
        id TEXT PRIMARY KEY, order_id INTEGER NOT NULL REFERENCES orders(id), amount_bani INTEGER NOT NULL,
        status TEXT NOT NULL, return_url TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL
      );

      CREATE TABLE policies (
        id INTEGER PRIMARY KEY,
        number TEXT NOT NULL UNIQUE,
        order_id INTEGER NOT NULL UNIQUE REFERENCES orders(id),
        user_id INTEGER NOT NULL REFERENCES users(id),
        product_code TEXT NOT NULL,
        insurer_code TEXT NOT NULL REFERENCES insurers(code),
        package_name TEXT NOT NULL,
        starts_on TEXT NOT NULL,
        ends_on TEXT NOT NULL,
        amount_bani INTEGER NOT NULL,
        insured_object TEXT NOT NULL,
        input TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX policies_user ON policies(user_id);

      CREATE TABLE contact_messages (
        id INTEGER PRIMARY KEY, user_id INTEGER, name TEXT NOT NULL, email TEXT NOT NULL, phone_number TEXT,
        subject TEXT NOT NULL, message TEXT NOT NULL, ip TEXT NOT NULL, created_at TEXT NOT NULL
      );

      CREATE TABLE cookie_consents (
        id INTEGER PRIMARY KEY, user_id INTEGER, consent TEXT NOT NULL, ip TEXT NOT NULL, user_agent TEXT NOT NULL,
        created_at TEXT NOT NULL
      );

      CREATE TABLE analytics_events (
        id INTEGER PRIMARY KEY, name TEXT NOT NULL, url TEXT NOT NULL, domain TEXT NOT NULL, referrer TEXT,
        props TEXT, ip TEXT NOT NULL, user_agent TEXT NOT NULL, created_at TEXT NOT NULL
      );

      CREATE TABLE outbox (
        id INTEGER PRIMARY KEY, to_address TEXT NOT NULL, subject TEXT NOT NULL, text TEXT NOT NULL, html TEXT,
        attachments TEXT NOT NULL DEFAULT '[]', created_at TEXT NOT NULL
      );
      CREATE INDEX outbox_to ON outbox(to_address);

      CREATE TABLE idempotency_keys (
        key TEXT NOT NULL, caller TEXT NOT NULL, method TEXT NOT NULL, path TEXT NOT NULL,
        status INTEGER NOT NULL, body TEXT NOT NULL, created_at TEXT NOT NULL,
        PRIMARY KEY (key, caller, method, path)
      );
    `,
  },
  {
    version: 2,
    name: 'idempotency keys bound to the request and expiring',
    // Stored answers are a cache of at most 24 h: the old rows (token answers among them) are dropped.
    sql: `
      DROP TABLE idempotency_keys;
      CREATE TABLE idempotency_keys (
        key TEXT NOT NULL, caller TEXT NOT NULL, request_hash TEXT NOT NULL,
        status INTEGER NOT NULL, body TEXT NOT NULL, created_at TEXT NOT NULL,
        PRIMARY KEY (key, caller)
      );
      CREATE INDEX idempotency_keys_created ON idempotency_keys(created_at);
    `,
  },
  {
    version: 3,
    name: 'realtime events bus and readiness probe',
    // Every backend process tails this table by id and broadcasts to its own sockets (realtime/bus.ts).
    sql: `
      CREATE TABLE realtime_events (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        channel TEXT NOT NULL, event TEXT NOT NULL, data TEXT NOT NULL,
        except_socket_id TEXT, origin TEXT NOT NULL, created_ms INTEGER NOT NULL
      );
      CREATE INDEX realtime_events_created ON realtime_events(created_ms);
      -- /readyz writes this one row to prove the database takes writes.
      CREATE TABLE readiness_probe (id INTEGER PRIMARY KEY CHECK (id = 1), checked_ms INTEGER NOT NULL);
    `,
  },
  {
    version: 4,
    name: 'demo company register and partner registry',
    // Reference data, inserted here (not in seed.ts) so that databases seeded before this version get it too.
    // Every CUI has a valid control digit (DOMAIN.md). Production asks the national register (ONRC/ANAF).
    sql: `
      CREATE TABLE companies (
        cui TEXT PRIMARY KEY, name TEXT NOT NULL, trade_register TEXT, address TEXT, is_leasing INTEGER NOT NULL DEFAULT 0
      );
      INSERT INTO companies (cui, name, trade_register, address, is_leasing) VALUES
        ('14725831', 'Transport Exemplu SRL', 'J12/345/2002', 'Str. Fabricii nr. 5, Cluj-Napoca, jud. Cluj', 0),
        ('15900825', 'Leasing Demo IFN SA', 'J40/8812/2003', 'Bd. Unirii nr. 20, Sector 3, București', 1),
        ('36020513', 'Atelier Auto Demo SRL', 'J22/1187/2016', 'Str. Păcurari nr. 12, Iași, jud. Iași', 0),
        ('18345703', 'Curierat Rapid Demo SRL', 'J35/2210/2006', 'Calea Aradului nr. 40, Timișoara, jud. Timiș', 0),
        ('22816108', 'Flotă Auto Leasing Demo IFN SA', 'J40/4471/2007', 'Str. Occidentului nr. 3, Sector 1, București', 1);

      CREATE TABLE partners (
        code TEXT PRIMARY KEY, name TEXT NOT NULL, theme_enabled INTEGER NOT NULL DEFAULT 1, is_active INTEGER NOT NULL DEFAULT 1
      );
      INSERT INTO partners (code, name, theme_enabled, is_active) VALUES
        ('abc', 'Banca ABC', 1, 1),
        ('autodemo', 'Auto Demo Dealer', 1, 1),
        ('fara-tema', 'Partener fără temă', 0, 1),
        ('inactiv', 'Partener inactiv', 1, 0);
    `,
  },
  {
    version: 5,
    name: 'transactional mail outbox',
    // mail_queue: every mail is written here in the transaction of the change that causes it; the outbox
    // worker delivers it (SMTP, or the stored `outbox` the dev endpoints show). message_id makes a
    // redelivery after a crash the same message (SMTP Message-ID; unique in the stored outbox).
    sql: `
      CREATE TABLE mail_queue (
        id INTEGER PRIMARY KEY,
        message_id TEXT NOT NULL UNIQUE,
        to_address TEXT NOT NULL,
        subject TEXT NOT NULL,
        text TEXT NOT NULL,
        html TEXT,
        attachments TEXT NOT NULL DEFAULT '[]',
        status TEXT NOT NULL DEFAULT 'pending',
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT NOT NULL,
        last_error TEXT,
        created_at TEXT NOT NULL,
        sent_at TEXT
      );
      CREATE INDEX mail_queue_due ON mail_queue(status, next_attempt_at);
      ALTER TABLE outbox ADD COLUMN message_id TEXT;
      CREATE UNIQUE INDEX outbox_message_id ON outbox(message_id);
    `,
  },
  {
    version: 6,
    name: 'road vignettes, exchange rates and expiry reminders',
    sql: `
      ALTER TABLE insurers ADD COLUMN is_vignette_issuer INTEGER NOT NULL DEFAULT 0;
      CREATE TABLE exchange_rates (
        month TEXT NOT NULL, currency TEXT NOT NULL, lei REAL NOT NULL, PRIMARY KEY (month, currency)
      );
      -- One row per policy (or vignette) and threshold: the unique key is what makes reminders idempotent.
      CREATE TABLE expiry_reminders (
        id INTEGER PRIMARY KEY,
        policy_id INTEGER NOT NULL REFERENCES policies(id),
        threshold_days INTEGER NOT NULL,
        status TEXT NOT NULL,
        renewal_token_hash TEXT UNIQUE,
        created_at TEXT NOT NULL,
        UNIQUE (policy_id, threshold_days)
      );
    `,
  },
  {
    version: 7,
    name: 'sign-in throttle counters; set-password links',
    // auth_throttle: failures per (scope, subject) of the password-checking calls (src/lib/throttle.ts).
    // password_resets.purpose: 'reset' (forgotten password) or 'welcome' (first password after guest checkout).
    sql: `
      CREATE TABLE auth_throttle (
        scope TEXT NOT NULL, subject TEXT NOT NULL, failures INTEGER NOT NULL, streak INTEGER NOT NULL,
        last_failure_at TEXT NOT NULL,
        PRIMARY KEY (scope, subject)
      );
      CREATE INDEX auth_throttle_last ON auth_throttle(scope, last_failure_at);
      ALTER TABLE password_resets ADD COLUMN purpose TEXT NOT NULL DEFAULT 'reset';
    `,
  },
  {
    version: 8,
    name: 'payment events, refunds due and the simulated processor',
    // payment_events: every signed notification (IPN) and every reconciliation answer, as received.
    // refunds: charges that cannot be honoured (a second charge of a paid order), for operations to refund.
    // processor_transactions: the simulated processor's own record of what it decided and of its IPN deliveries.
    sql: `
      CREATE TABLE payment_events (
        id INTEGER PRIMARY KEY,
        payment_id TEXT NOT NULL,
        order_id INTEGER,
        status TEXT NOT NULL,
        amount_bani INTEGER NOT NULL,
        source TEXT NOT NULL,
        outcome TEXT NOT NULL,
        received_at TEXT NOT NULL
      );
      CREATE INDEX payment_events_payment ON payment_events(payment_id);
      CREATE INDEX payment_events_order ON payment_events(order_id);
      CREATE TABLE refunds (
        id INTEGER PRIMARY KEY,
        payment_id TEXT NOT NULL UNIQUE,
        order_id INTEGER,
        amount_bani INTEGER NOT NULL,
        reason TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'due',
        created_at TEXT NOT NULL,
        refunded_at TEXT
      );
      CREATE INDEX refunds_status ON refunds(status, created_at);
      CREATE TABLE processor_transactions (
        payment_id TEXT PRIMARY KEY,
        amount_bani INTEGER NOT NULL,
        status TEXT NOT NULL,
        decided_at TEXT NOT NULL,
        ipn_attempts INTEGER NOT NULL DEFAULT 0,
        ipn_next_at TEXT,
        ipn_delivered_at TEXT,
        ipn_last_result TEXT
      );
      CREATE INDEX processor_transactions_ipn_due ON processor_transactions(ipn_next_at) WHERE ipn_delivered_at IS NULL;
      CREATE INDEX payments_order ON payments(order_id);
    `,
  },
  {
    version: 9,
    name: 'two-factor attempts per session; key sealing setup secrets',
    // The setup key lets GET generate-qr-code hand out a secret without storing it (two-factor/totp.ts).
    sql: `
      ALTER TABLE two_factor_attempts ADD COLUMN session_id INTEGER;
      CREATE INDEX two_factor_attempts_session ON two_factor_attempts(session_id, created_at);
      CREATE INDEX sessions_user_device ON sessions(user_id, user_agent, ip);
      INSERT OR IGNORE INTO settings (key, value, updated_at)
        VALUES ('two_factor_setup_key', lower(hex(randomblob(32))), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
    `,
  },
  {
    version: 10,
    name: 'invoices with a gap-free number series per year',
    // One invoice per paid order (unique order_id), numbered {series}-{year}-{seq}: seq is MAX + 1 of the year,
    // taken in the payment's IMMEDIATE transaction, so numbers never repeat nor skip (UNIQUE (year, seq)).
    // `content` is the document as issued (seller, buyer, lines): an invoice never changes after issue.
    // Orders paid before this version have none (the demo data of a fresh database gets them from the seed).
    sql: `
      CREATE TABLE invoices (
        id INTEGER PRIMARY KEY,
        order_id INTEGER NOT NULL UNIQUE REFERENCES orders(id),
        year INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        number TEXT NOT NULL UNIQUE,
        issued_on TEXT NOT NULL,
        amount_bani INTEGER NOT NULL,
        payment_id TEXT NOT NULL,
        content TEXT NOT NULL,
        created_at TEXT NOT NULL,
        UNIQUE (year, seq)
      );
    `,
  },
  {
    version: 11,
    name: 'reconciliation asks every recent payment, least recently asked first',
    // reconciled_at: when reconciliation last asked the processor about the payment (NULL: never), so payments
    // whose answer never changes go to the back of the queue instead of holding every run's batch.
    sql: `
      ALTER TABLE payments ADD COLUMN reconciled_at TEXT;
      CREATE INDEX payments_created ON payments(created_at);
    `,
  },
  {
    version: 12,
    name: 'private channel subscriptions name the session that authorised them',
    // POST /pusher/auth records which session signed (socket, channel); the socket's subscription takes the row
    // (any backend process may hold the socket) and keeps the session id, so that the channel stops when the
    // session ends (realtime/pusher-server.ts).
    sql: `
      CREATE TABLE realtime_grants (
        socket_id TEXT NOT NULL,
        channel TEXT NOT NULL,
        session_id INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (socket_id, channel)
      );
      CREATE INDEX realtime_grants_created ON realtime_grants(created_at);
    `,
  },
  {
    version: 13,
    name: 'when the mailbox was first proven; two-factor set up before that proof',
    // email_verified_at: when the account's mailbox was first proven (a password reset or welcome link used, a
    // Google sign-in with a verified email, a code mailed by the email two-factor provider verified); NULL: never.
    // two_factor_before_email_proof: the two-factor in force was set up while the mailbox had never been proven, so
    // possibly by someone who only knew the address (pre-account takeover): the first reset drops it
    // (modules/auth/routes.ts, reset-password). Set by verify-code at every setup, cleared with the two-factor.
    //
    // Accounts that exist before this version: we cannot tell who set up their two-factor. Google-linked accounts
    // (the first Google link drops what was set before it) and email-provider accounts (enabled with a code read in
    // the mailbox) are recorded as proven now. No existing two-factor is marked for dropping (the default 0): it is
    // almost always the owner's own (the seeded demo account `client2fa@exemplu.ro` among them), and marking it would
    // let whoever takes over the mailbox of any existing two-factor user bypass the factor with a reset. A pre-existing
    // takeover is still cleared by the owner's first Google sign-in, or by support. Accounts without two-factor keep
    // NULL like a new account: an authenticator they set up before any proof is dropped by their first reset.
    // Rows inserted later without these columns (the demo seed) get the same defaults.
    sql: `
      ALTER TABLE users ADD COLUMN email_verified_at TEXT;
      ALTER TABLE users ADD COLUMN two_factor_before_email_proof INTEGER NOT NULL DEFAULT 0;
      UPDATE users SET email_verified_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
        WHERE google_sub IS NOT NULL OR two_factor_provider = 'email';
    `,
  },
  {
    version: 14,
    name: 'device that used a password reset link',
    // The browser (IP and user agent, as sessions keep them) that used a reset or welcome link: the owner's, whose
    // sign-ins then have a throttle window of their own (modules/auth/routes.ts, knownSignInDevice), so that wrong
    // passwords sent for the address from elsewhere cannot keep the owner out right after the reset.
    sql: `
      ALTER TABLE password_resets ADD COLUMN used_ip TEXT;
      ALTER TABLE password_resets ADD COLUMN used_user_agent TEXT;
    `,
  },
  {
    version: 15,
    name: 'indexes of the expired quotes purge',
    // Anyone may ask for quotes: the ones no order uses are deleted a while after they expire
    // (modules/quotes/service.ts, purgeExpiredQuotes), by these indexes rather than by scanning both tables.
    sql: `
      CREATE INDEX quotes_expires ON quotes(expires_at);
      CREATE INDEX orders_quote ON orders(quote_id);
    `,
  },
  {
    version: 16,
    name: 'one account per Google account',
    // Google sign-in finds the account by the Google account's `sub` first (modules/auth/routes.ts): its email may
    // change at Google, the sub does not. Before this version a Google account whose email changed was given a second
    // account (or linked to the account of its new address), so one sub could be on several rows: the oldest account
    // keeps the link, the others are unlinked (they sign in with their password, a reset link, or a Google account
    // showing their address, as any account never linked). Then the unique index holds one account per sub.
    sql: `
      UPDATE users SET google_sub = NULL
        WHERE google_sub IS NOT NULL
          AND id > (SELECT MIN(linked.id) FROM users linked WHERE linked.google_sub = users.google_sub);
      CREATE UNIQUE INDEX users_google_sub ON users(google_sub) WHERE google_sub IS NOT NULL;
    `,
  },
  {
    version: 17,
    name: 'indexes of the data retention purge; accounts whose sessions it deleted',
    // The retention job (modules/retention/service.ts) finds the rows past their retention by these indexes, a
    // batch at a time, rather than by scanning the tables. Partial where only some rows can ever go (revoked
    // sessions, used links, sent mail): the index stays small and never holds the rows that stay.
    // idempotency_keys has its created_at index since migration 2; the analytics cap goes by rowid.
    //
    // users.sessions_purged_at: when the job first deleted sessions of the account (NULL: never). "The account had
    // a session" is what makes a sign-in from a device never seen mail the owner (lib/auth.ts, createSession): without
    // it, the first sign-in into an account whose sessions were all deleted would count as its very first and mail
    // nobody. No session was ever deleted before this version: NULL for all.
    sql: `
      ALTER TABLE users ADD COLUMN sessions_purged_at TEXT;
      CREATE INDEX sessions_expires ON sessions(expires_at);
      CREATE INDEX sessions_revoked ON sessions(revoked_at) WHERE revoked_at IS NOT NULL;
      CREATE INDEX password_resets_expires ON password_resets(expires_at);
      CREATE INDEX password_resets_used ON password_resets(used_at) WHERE used_at IS NOT NULL;
      CREATE INDEX mail_queue_sent ON mail_queue(sent_at) WHERE status = 'sent';
      CREATE INDEX outbox_created ON outbox(created_at);
      CREATE INDEX analytics_events_created ON analytics_events(created_at);
      CREATE INDEX two_factor_attempts_created ON two_factor_attempts(created_at);
      CREATE INDEX email_codes_expires ON email_codes(expires_at);
    `,
  },
  {
    version: 18,
    name: 'mailed two-factor codes bound to the session that asked for them',
    // email_codes.session_id: the session generate-code mailed the code for; it passes in that session only
    // (modules/two-factor/routes.ts), so another session's requests never void it (backend/README.md "Two-factor
    // mail codes"). The codes unused at this version were mailed for a session nobody recorded: they are voided
    // (marked used) rather than left valid in every session of their user. They lived 10 minutes at most; whoever was
    // typing one asks for another (no session's 30 s interval counts them). The indexes serve a session's code lookup
    // and the per-user scans (the limits of generate-code, the clock re-stamp, the voiding at setup and removal).
    sql: `
      ALTER TABLE email_codes ADD COLUMN session_id INTEGER;
      UPDATE email_codes SET used_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE used_at IS NULL;
      CREATE INDEX email_codes_session ON email_codes(session_id, used_at);
      CREATE INDEX email_codes_user ON email_codes(user_id, created_at);
    `,
  },
  {
    version: 19,
    name: 'indexes of the cookie-consent and contact-message retention',
    // The retention job (modules/retention/service.ts) deletes cookie-consent records and contact messages past
    // RETENTION_COOKIE_CONSENTS_DAYS / RETENTION_CONTACT_MESSAGES_DAYS after created_at, a batch at a time, by these
    // indexes rather than by scanning the tables.
    sql: `
      CREATE INDEX IF NOT EXISTS cookie_consents_created ON cookie_consents(created_at);
      CREATE INDEX IF NOT EXISTS contact_messages_created ON contact_messages(created_at);
    `,
  },
  {
    version: 20,
    name: 'count of the quotes no order uses',
    // Anyone may ask for quotes: the ones no order uses are bounded in total (QUOTES_MAX_UNUSED, modules/quotes/
    // service.ts), checked at every insert by every process sharing the database. Counting them there would walk the
    // table; this one row is kept by triggers, in the transaction of each change, whoever writes it.
    // quotes.ordered: 1 once an order uses the quote (set by the orders triggers), so that the unused ones are found
    // by the partial index (the cap's make-room delete and the retention job, oldest first) without walking past
    // every ordered quote, which stays for good. Numbered 20 on its own (no dependency on 19).
    sql: `
      ALTER TABLE quotes ADD COLUMN ordered INTEGER NOT NULL DEFAULT 0;
      UPDATE quotes SET ordered = 1 WHERE EXISTS (SELECT 1 FROM orders WHERE orders.quote_id = quotes.id);
      CREATE INDEX quotes_unused_expires ON quotes(expires_at) WHERE ordered = 0;
      CREATE TABLE quote_counts (id INTEGER PRIMARY KEY CHECK (id = 1), unused INTEGER NOT NULL);
      INSERT INTO quote_counts (id, unused) SELECT 1, COUNT(*) FROM quotes WHERE ordered = 0;
      CREATE TRIGGER quote_counts_insert AFTER INSERT ON quotes WHEN NEW.ordered = 0
      BEGIN
        UPDATE quote_counts SET unused = unused + 1 WHERE id = 1;
      END;
      CREATE TRIGGER quote_counts_delete AFTER DELETE ON quotes WHEN OLD.ordered = 0
      BEGIN
        UPDATE quote_counts SET unused = unused - 1 WHERE id = 1;
      END;
      CREATE TRIGGER quote_counts_ordered AFTER UPDATE OF ordered ON quotes WHEN (OLD.ordered = 0) <> (NEW.ordered = 0)
      BEGIN
        UPDATE quote_counts SET unused = unused + (CASE WHEN NEW.ordered = 0 THEN 1 ELSE -1 END) WHERE id = 1;
      END;
      CREATE TRIGGER orders_quote_ordered AFTER INSERT ON orders
      BEGIN
        UPDATE quotes SET ordered = 1 WHERE id = NEW.quote_id AND ordered = 0;
      END;
      CREATE TRIGGER orders_quote_moved AFTER UPDATE OF quote_id ON orders WHEN NEW.quote_id IS NOT OLD.quote_id
      BEGIN
        UPDATE quotes SET ordered = 1 WHERE id = NEW.quote_id AND ordered = 0;
        UPDATE quotes SET ordered = 0 WHERE id = OLD.quote_id AND NOT EXISTS (SELECT 1 FROM orders WHERE quote_id = OLD.quote_id);
      END;
      CREATE TRIGGER orders_quote_unordered AFTER DELETE ON orders
      BEGIN
        UPDATE quotes SET ordered = 0 WHERE id = OLD.quote_id AND NOT EXISTS (SELECT 1 FROM orders WHERE quote_id = OLD.quote_id);
      END;
    `,
  },
  {
    version: 21,
    name: 'quotes above the cap, per account',
    // Past QUOTES_MAX_UNUSED only accounts past the second factor get quotes, up to the ceiling, and each at most
    // QUOTES_ABOVE_CAP_PER_ACCOUNT unexpired unused ones there (modules/quotes/service.ts): above_cap_user_id names the
    // account a quote was admitted above the cap for (NULL for every other quote), found by its partial index.
    sql: `
      ALTER TABLE quotes ADD COLUMN above_cap_user_id INTEGER;
      CREATE INDEX quotes_above_cap_user ON quotes(above_cap_user_id, expires_at) WHERE above_cap_user_id IS NOT NULL;
    `,
  },
];

export function migrate(db: Database, now: () => Date = () => new Date()): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const applied = new Set(
    (db.prepare('SELECT version FROM migrations').all() as { version: number }[]).map((r) => r.version),
  );
  const done: number[] = [];
  for (const m of migrations) {
    if (applied.has(m.version)) continue;
    // Under the write lock (IMMEDIATE), checked again: another process sharing the database (a deployment starts
    // them together) may have applied it since the list was read; applying it twice failed the start.
    const ran = db
      .transaction(() => {
        if (db.prepare('SELECT 1 FROM migrations WHERE version = ?').get(m.version)) return false;
        db.exec(m.sql);
        db.prepare('INSERT INTO migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
          m.version,
          m.name,
          now().toISOString(),
        );
        return true;
      })
      .immediate();
    if (ran) done.push(m.version);
  }
  return done;
}
