import { describe, expect, it } from '@jest/globals';
import { groupQuickReplies } from '../composer/quick-reply-groups';

const reply = (id: number, shortcode: string, categoryId: number | null = null) => ({ id, shortcode, message: shortcode, categoryId });

describe("the composer's quick replies by category", () => {
  it('lists each category by name with its replies in their order, then the replies without one', () => {
    const categories = [
      { id: 10, shortcode: 'Vendas', message: null, isCategory: true },
      { id: 11, shortcode: 'Cobrança', message: null, isCategory: true },
    ];
    const groups = groupQuickReplies(
      [reply(1, 'oi'), reply(2, 'preco', 10), reply(3, 'boleto', 11), reply(4, 'frete', 10), reply(5, 'orfao', 99)],
      categories,
    );
    expect(groups.map((group) => [group.category, group.replies.map((entry) => entry.shortcode)])).toEqual([
      ['Cobrança', ['boleto']],
      ['Vendas', ['preco', 'frete']],
      // A category the user cannot see (or deleted) files its replies under none.
      [null, ['oi', 'orfao']],
    ]);
  });

  it('is one group without categories', () => {
    expect(groupQuickReplies([reply(1, 'oi')], [])).toEqual([{ category: null, replies: [reply(1, 'oi')] }]);
  });
});
