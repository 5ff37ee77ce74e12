import { describe, expect, it } from '@jest/globals';
import type { TFunction } from 'i18next';
import { apiExamples, mediaTestSchema, textTestSchema } from '../messages-api-test';

// Answers the key, so the tests name the message each rule gives.
const t = ((key: string) => key) as unknown as TFunction;

async function errorsOf(schema: ReturnType<typeof textTestSchema> | ReturnType<typeof mediaTestSchema>, values: object) {
  try {
    await schema.validate(values, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { inner: { path: string; message: string }[] }).inner.map((issue) => `${issue.path}: ${issue.message}`);
  }
}

describe('the messages API test forms (spec 2 §5)', () => {
  it('need the token, the number and the body for a text', async () => {
    expect(await errorsOf(textTestSchema(t), { token: ' ', number: '', body: '' })).toEqual([
      'token: messagesApi.form.tokenRequired',
      'number: messagesApi.form.numberRequired',
      'body: messagesApi.form.bodyRequired',
    ]);
    expect(await errorsOf(textTestSchema(t), { token: 'ABC123', number: '5511999990000', body: 'Olá' })).toEqual([]);
  });

  it('need the token, the number and a file for media', async () => {
    expect(await errorsOf(mediaTestSchema(t), { token: 'ABC123', number: '5511999990000', file: undefined })).toEqual([
      'file: messagesApi.form.fileRequired',
    ]);
    const file = new File(['%PDF'], 'offer.pdf', { type: 'application/pdf' });
    expect(await errorsOf(mediaTestSchema(t), { token: 'ABC123', number: '5511999990000', file })).toEqual([]);
  });

  it('take the number as digits only: country code, area code and number, no mask', async () => {
    for (const number of ['+55 11 99999-0000', '(11) 99999-0000', '55119999O000', '1234567']) {
      expect(await errorsOf(textTestSchema(t), { token: 'T', number, body: 'x' })).toEqual(['number: messagesApi.form.numberDigits']);
    }
  });

  it("shows examples that call this installation's send endpoint with a bearer token", () => {
    const { json, multipart } = apiExamples('https://atende.example');
    for (const example of [json, multipart]) {
      expect(example).toContain("curl -X POST 'https://atende.example/api/messages/send'");
      expect(example).toContain('Authorization: Bearer <TOKEN>');
    }
    expect(JSON.parse(/-d '(.*)'/.exec(json)![1]!)).toEqual({ number: '5511999999999', body: 'Olá!' });
    expect(multipart).toContain("-F 'medias=@");
  });
});
