/**
 * The face of each rating, 1 (very poor) to 5 (excellent) (spec 1 §9): in the rating request the customer receives
 * and wherever the web shows a rating.
 */
export const RATING_EMOJI: Readonly<Record<1 | 2 | 3 | 4 | 5, string>> = { 1: '😡', 2: '😞', 3: '😐', 4: '😊', 5: '😍' };

/** The face of a rating or of an average of ratings (rounded to the nearest whole score). */
export function ratingEmoji(rate: number): string {
  const score = Math.min(5, Math.max(1, Math.round(rate))) as 1 | 2 | 3 | 4 | 5;
  return RATING_EMOJI[score];
}

/** The scale under the rating request: each score with its face. */
export function ratingScaleLine(): string {
  return ([1, 2, 3, 4, 5] as const).map((score) => `*${score}* ${RATING_EMOJI[score]}`).join('   ');
}
