import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, ButtonBase, Stack, Typography } from '@mui/material';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';

// Spec 1 §2: three slides, a new one every 4 s, sliding in 1 s.
const INTERVAL_MS = 4000;
const TRANSITION_MS = 1000;

const SLIDES = [
  { key: 'channels', Icon: ForumOutlinedIcon },
  { key: 'queues', Icon: GroupsOutlinedIcon },
  { key: 'insights', Icon: InsightsOutlinedIcon },
] as const;

/** The side carousel of the sign-up and recovery pages (shown on wide screens only, by its parent). */
export function AuthCarousel() {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);

  useEffect(() => {
    // Restarts after a click on a dot, so a chosen slide stays its full 4 s.
    const timer = setInterval(() => setIndex((current) => (current + 1) % SLIDES.length), INTERVAL_MS);
    return () => clearInterval(timer);
  }, [index]);

  return (
    <Box
      component="section"
      aria-roledescription="carousel"
      aria-label={t('auth.carousel.label')}
      sx={{
        position: 'relative',
        height: '100%',
        minHeight: 480,
        overflow: 'hidden',
        color: 'common.white',
        // The dark palette's light blues would glare behind white text: deeper shades of the same hues there.
        background: (theme) =>
          theme.palette.mode === 'light'
            ? `linear-gradient(150deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.main} 55%, ${theme.palette.secondary.main} 130%)`
            : 'linear-gradient(150deg, #0b2545 0%, #13406e 55%, #1b5e20 130%)',
      }}
    >
      <Box
        sx={{
          display: 'flex',
          height: '100%',
          transform: `translateX(-${index * 100}%)`,
          transition: `transform ${TRANSITION_MS}ms ease-in-out`,
          '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
        }}
      >
        {SLIDES.map(({ key, Icon }, position) => (
          <Stack
            key={key}
            role="group"
            aria-roledescription="slide"
            aria-hidden={position !== index}
            aria-label={`${position + 1} / ${SLIDES.length}`}
            spacing={2}
            sx={{ flex: '0 0 100%', justifyContent: 'center', px: 6, pb: 6 }}
          >
            <Icon sx={{ fontSize: 64, opacity: 0.9 }} />
            <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
              {t(`auth.carousel.${key}.title`)}
            </Typography>
            <Typography variant="body1" sx={{ opacity: 0.9 }}>
              {t(`auth.carousel.${key}.text`)}
            </Typography>
          </Stack>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ position: 'absolute', left: 48, bottom: 32 }}>
        {SLIDES.map(({ key }, position) => (
          <ButtonBase
            key={key}
            aria-label={t('auth.carousel.goTo', { index: position + 1 })}
            aria-current={position === index}
            onClick={() => setIndex(position)}
            sx={{
              width: position === index ? 24 : 8,
              height: 8,
              borderRadius: 4,
              bgcolor: 'common.white',
              opacity: position === index ? 1 : 0.5,
              transition: 'width 300ms, opacity 300ms',
            }}
          />
        ))}
      </Stack>
    </Box>
  );
}
