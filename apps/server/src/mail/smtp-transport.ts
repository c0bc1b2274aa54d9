import nodemailer from 'nodemailer';

export type OutgoingMail = { from: string; to: string; subject: string; text: string };

/** Something that delivers one message (SMTP in production; tests may pass their own). */
export type MailTransport = {
  send: (mail: OutgoingMail) => Promise<void>;
  close: () => void;
};

export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    // nodemailer's own logger would print message bodies, which carry one-time codes.
    logger: false,
    debug: false,
  });
  return {
    send: async (mail) => {
      await transporter.sendMail(mail);
    },
    close: () => transporter.close(),
  };
}
