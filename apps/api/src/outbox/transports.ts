/**
 * How outbox messages leave: e-mail through SMTP (nodemailer), SMS through one HTTP provider adapter.
 * Without SMTP_URL / SMS_PROVIDER_URL (development, tests) a log transport records that a message left,
 * with its channel and masked destination, never its text or code.
 */
import { maskEmail, maskPhone } from '@marina/core/domain/contact.ts';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type { Config } from '../config.ts';
import type { PushTransport } from '../push/push-sending.ts';
import type { OutboxRow } from './outbox.schema.ts';

export interface Transport {
  readonly name: string;
  /** Resolves when the message was accepted; throws to have it retried later. */
  send(message: OutboxRow): Promise<void>;
  close?(): void;
}

export interface Transports {
  email: Transport;
  sms: Transport;
  /** How pushes leave (push-sending.ts); `web-push` with the deployment's VAPID keys when not given. */
  push?: PushTransport;
}

export function maskDestination(message: Pick<OutboxRow, 'channel' | 'destination'>): string {
  return message.channel === 'sms' ? maskPhone(message.destination) : maskEmail(message.destination);
}

export function logTransport(log: FastifyBaseLogger): Transport {
  return {
    name: 'log',
    async send(message) {
      log.info(
        {
          event: 'outbox_message',
          transport: 'log',
          outboxId: message.id,
          clientId: message.clientId,
          channel: message.channel,
          destination: maskDestination(message),
        },
        'message written to the log only (no transport configured)',
      );
    },
  };
}

export function smtpTransport(smtpUrl: string, from: string): Transport {
  const mailer = createTransport(smtpUrl);
  return {
    name: 'smtp',
    async send(message) {
      await mailer.sendMail({ from, to: message.destination, subject: message.subject ?? '', text: message.text });
    },
    close: () => mailer.close(),
  };
}

const SMS_TIMEOUT_MS = 10_000;

/** POST {to, from, text} as JSON with a bearer token; any answer other than 2xx is a failure to retry. */
export function httpSmsTransport(
  url: string,
  token: string,
  sender: string,
  fetchImpl: typeof fetch = fetch,
): Transport {
  return {
    name: 'sms-http',
    async send(message) {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ to: message.destination, from: sender, text: message.text }),
        signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
      });
      // Drain the body so the connection can be reused.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new Error(`SMS provider answered ${response.status}`);
    },
  };
}

export function createTransports(config: Config, log: FastifyBaseLogger): Transports {
  const fallback = logTransport(log);
  return {
    email: config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : fallback,
    sms:
      config.smsProviderUrl && config.smsProviderToken
        ? httpSmsTransport(config.smsProviderUrl, config.smsProviderToken, config.smsSender)
        : fallback,
  };
}
