import type { TFunction } from 'i18next';
import * as yup from 'yup';

/** The external API's send call (spec 2 §7 Messages API), authenticated by a connection's token. */
export const SEND_PATH = '/api/messages/send';

/** Spec 2 §5: country code, area code and number, digits only, as the server takes it (8 to 20 digits). */
const NUMBER = /^\d{8,20}$/;

function numberAndToken(t: TFunction) {
  return {
    token: yup.string().trim().required(t('messagesApi.form.tokenRequired')),
    number: yup
      .string()
      .trim()
      .required(t('messagesApi.form.numberRequired'))
      .matches(NUMBER, { message: t('messagesApi.form.numberDigits'), excludeEmptyString: true }),
  };
}

/** Spec 2 §5: a text test needs the token, the number and the body. */
export function textTestSchema(t: TFunction) {
  return yup.object({ ...numberAndToken(t), body: yup.string().trim().required(t('messagesApi.form.bodyRequired')) });
}

/** Spec 2 §5: a media test needs the token, the number and a file. */
export function mediaTestSchema(t: TFunction) {
  return yup.object({
    ...numberAndToken(t),
    file: yup.mixed<File>().required(t('messagesApi.form.fileRequired')),
  });
}

export type TestMessage = { token: string; number: string } & ({ body: string } | { file: File });

/** What the API answered: its status and body (JSON when it is), success or refusal alike. */
export interface ApiAnswer {
  ok: boolean;
  status: number;
  body: unknown;
}

/**
 * Sends a test message the way an integrator would: JSON for a text, multipart (field `medias`) for a file, with the
 * connection's token as the bearer. A plain fetch, not the app's api: the user's session must not be sent, and a
 * 401 for a wrong connection token is no reason to end the user's session.
 */
export async function sendTestMessage(message: TestMessage): Promise<ApiAnswer> {
  const headers: Record<string, string> = { authorization: `Bearer ${message.token.trim()}`, accept: 'application/json' };
  let body: BodyInit;
  if ('file' in message) {
    const form = new FormData();
    form.append('number', message.number.trim());
    form.append('medias', message.file, message.file.name);
    body = form;
  } else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify({ number: message.number.trim(), body: message.body });
  }
  const response = await fetch(SEND_PATH, { method: 'POST', headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON (a proxy's page): shown as it came
  }
  return { ok: response.ok, status: response.status, body: parsed };
}

/** The examples of the page, for this installation's address. */
export function apiExamples(origin: string): { json: string; multipart: string } {
  const url = `${origin}${SEND_PATH}`;
  return {
    json: [
      `curl -X POST '${url}' \\`,
      `  -H 'Authorization: Bearer <TOKEN>' \\`,
      `  -H 'Content-Type: application/json' \\`,
      `  -d '{"number": "5511999999999", "body": "Olá!"}'`,
    ].join('\n'),
    multipart: [
      `curl -X POST '${url}' \\`,
      `  -H 'Authorization: Bearer <TOKEN>' \\`,
      `  -F 'number=5511999999999' \\`,
      `  -F 'medias=@/path/to/file.pdf'`,
    ].join('\n'),
  };
}
