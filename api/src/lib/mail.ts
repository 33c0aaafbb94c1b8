// The API's outgoing e-mail: SMTP through nodemailer when SMTP_URL is set, else the server's log
// (info level), so a developer without a mail server still gets the message (a reset link).
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { MailConfig } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Where messages go; a property of the server, the same for every message. */
  readonly delivery: 'email' | 'log';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** An SMTP answer slower than this fails the send (it runs after the HTTP answer, never holding one). */
const SMTP_TIMEOUT_MS = 15_000;

export function createMailer(config: Pick<MailConfig, 'smtpUrl' | 'from'>, log: FastifyBaseLogger): Mailer {
  if (!config.smtpUrl) {
    return {
      delivery: 'log',
      async send(message) {
        log.info(
          { mail: { to: message.to, subject: message.subject } },
          `e-mail not sent (no SMTP_URL):\n${message.text}`,
        );
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    delivery: 'email',
    async send(message) {
      await transport.sendMail({ from: config.from, ...message });
    },
    close: () => transport.close(),
  };
}
