import { useTranslation } from 'react-i18next';
import { Box, LinearProgress, Typography } from '@mui/material';
import { passwordStrength, strengthLevel } from './password-strength';

/** The strength bar under the sign-up password (spec 1 §5). */
export function PasswordStrengthBar({ password }: { password: string }) {
  const { t } = useTranslation();
  const score = passwordStrength(password);
  const { key, color } = strengthLevel(score);
  const label = t('auth.signup.strength.label');
  return (
    <Box sx={{ mt: 1 }}>
      <LinearProgress
        variant="determinate"
        value={score}
        color={color}
        aria-label={label}
        aria-valuetext={t(`auth.signup.strength.${key}`)}
        sx={{ height: 6, borderRadius: 3 }}
      />
      {password && (
        <Typography variant="caption" color={`${color}.main`}>
          {label}: {t(`auth.signup.strength.${key}`)}
        </Typography>
      )}
    </Box>
  );
}
