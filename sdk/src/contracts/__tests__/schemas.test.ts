import { describe, expect, it } from '@jest/globals';
import { contactRules, quickMessageRules } from '../schemas.js';

describe('form rules shared by the server and the web', () => {
  it('apply the same lengths whatever language their texts are in', async () => {
    const en = contactRules({ required: 'Required', tooShort: 'Too Short!', tooLong: 'Too Long!', invalidEmail: 'Invalid email' });
    const pt = contactRules({
      required: 'Obrigatório',
      tooShort: 'Muito curto!',
      tooLong: 'Muito longo!',
      invalidEmail: 'E-mail inválido',
    });
    await expect(en.name.validate(' A ')).rejects.toThrow('Too Short!');
    await expect(pt.name.validate(' A ')).rejects.toThrow('Muito curto!');
    await expect(pt.number.validate('1234567')).rejects.toThrow('Muito curto!');
    await expect(pt.email.validate('ana@')).rejects.toThrow('E-mail inválido');
    await expect(pt.name.validate(' Ana ')).resolves.toBe('Ana');
    await expect(quickMessageRules({ tooLong: 'Muito longo!' }).shortcode.validate('x'.repeat(101))).rejects.toThrow('Muito longo!');
  });
});
