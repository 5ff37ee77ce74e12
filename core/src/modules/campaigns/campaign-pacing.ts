/** The company's campaign pacing (spec 3 §9), in seconds and messages. */
export interface CampaignPacing {
  /** Seconds between two messages; 0: no break. */
  messageInterval: number;
  /** After this many messages the next gap is greaterInterval; 0: never. */
  longerIntervalAfter: number;
  /** Seconds of the longer gap. */
  greaterInterval: number;
}

/** Spec 3 §9 defaults: 20 s between messages, a longer gap of 60 s after every 20 messages. */
export const DEFAULT_PACING: CampaignPacing = { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60 };

/**
 * Seconds after the campaign's start at which recipient `index` (0-based, in the campaign's order) is due.
 *
 * The gap before recipient i (i ≥ 1) is messageInterval, except when i is a multiple of longerIntervalAfter (that
 * many messages went since the last long gap): then it is greaterInterval (never shorter than messageInterval). So
 * the offset is i·messageInterval + ⌊i / longerIntervalAfter⌋·(greaterInterval − messageInterval). With 5, 3 and 20:
 * 0, 5, 10, 30, 35, 40, 60, …
 */
export function dueOffsetSeconds(index: number, pacing: CampaignPacing): number {
  const longGaps = pacing.longerIntervalAfter > 0 ? Math.floor(index / pacing.longerIntervalAfter) : 0;
  const extra = Math.max(0, pacing.greaterInterval - pacing.messageInterval);
  return index * pacing.messageInterval + longGaps * extra;
}
