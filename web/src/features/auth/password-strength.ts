/** Spec 1 §5: 33 points for 8 or more characters, 33 for a lowercase letter, 34 for an uppercase letter. */
export function passwordStrength(password: string): number {
  return (password.length >= 8 ? 33 : 0) + (/[a-z]/.test(password) ? 33 : 0) + (/[A-Z]/.test(password) ? 34 : 0);
}

/** Red up to 33, amber up to 66, green above. */
export function strengthLevel(score: number) {
  if (score <= 33) return { key: 'weak', color: 'error' } as const;
  if (score <= 66) return { key: 'medium', color: 'warning' } as const;
  return { key: 'strong', color: 'success' } as const;
}
