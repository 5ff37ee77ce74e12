import { useEffect, useState } from 'react';
import {
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  Radio,
  RadioGroup,
  Rating,
  Typography,
  type IconContainerProps,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ratingEmoji } from '@switchboard/sdk/contracts';

export interface ResolveChoice {
  sendFarewellMessage: boolean;
  /** 1 to 5 when the agent recorded a rating. */
  rating?: number;
}

/** Each score of the rating as its face (spec 1 §9), the chosen one in full colour. */
function RatingFace({ value, ...props }: IconContainerProps) {
  return (
    <Box component="span" {...props} sx={{ fontSize: 28, px: 0.25, lineHeight: 1 }}>
      {/* The score's own label names it; the face is its picture. */}
      <span aria-hidden>{ratingEmoji(value)}</span>
    </Box>
  );
}

/**
 * Spec 1 §4 resolve: close without the farewell message, or the normal flow; with the company's userRating option
 * the normal flow may carry a rating, which is then required (§5 'Avaliação obrigatória').
 */
export function ResolveTicketDialog(props: {
  open: boolean;
  onClose: () => void;
  ticketId: number;
  ratingEnabled: boolean;
  /** Whether a farewell would be sent (the owner's or the connection's): without one, "with farewell" is not offered. */
  farewellAvailable: boolean;
  saving: boolean;
  onResolve: (choice: ResolveChoice) => void;
}) {
  const { open, onClose, ticketId, ratingEnabled, farewellAvailable, saving, onResolve } = props;
  const { t } = useTranslation();
  const [mode, setMode] = useState<'farewell' | 'silent'>('farewell');
  const [withRating, setWithRating] = useState(false);
  const [rating, setRating] = useState<number | null>(null);
  const [tried, setTried] = useState(false);

  useEffect(() => {
    if (!open) return;
    setMode('farewell');
    setWithRating(false);
    setRating(null);
    setTried(false);
  }, [open]);

  const normalFlowOffered = farewellAvailable || ratingEnabled;
  const ratingMissing = mode === 'farewell' && withRating && !rating;

  const confirm = () => {
    setTried(true);
    if (ratingMissing) return;
    const normal = normalFlowOffered && mode === 'farewell';
    onResolve({ sendFarewellMessage: normal, rating: normal && withRating ? (rating ?? undefined) : undefined });
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="resolve-title">
      <DialogTitle id="resolve-title">{t('ticketPane.resolve.title', { id: ticketId })}</DialogTitle>
      <DialogContent dividers>
        {/* The normal flow sends the farewell and, with userRating, asks for a rating. Without a farewell it is
            offered only for the rating, under that name; with neither, closing is simply without a farewell. */}
        <RadioGroup
          aria-label={t('ticketPane.resolve.title', { id: ticketId })}
          value={normalFlowOffered ? mode : 'silent'}
          onChange={(event) => setMode(event.target.value as 'farewell' | 'silent')}
        >
          {normalFlowOffered ? (
            <FormControlLabel
              value="farewell"
              control={<Radio />}
              label={t(farewellAvailable ? 'ticketPane.resolve.withFarewell' : 'ticketPane.resolve.withRatingRequest')}
            />
          ) : null}
          <FormControlLabel value="silent" control={<Radio />} label={t('ticketPane.resolve.withoutFarewell')} />
        </RadioGroup>
        {farewellAvailable ? null : (
          <Typography variant="body2" color="text.secondary">
            {t('ticketPane.resolve.noFarewell')}
          </Typography>
        )}
        {ratingEnabled && mode === 'farewell' ? (
          <Box sx={{ mt: 1, pl: 4 }}>
            <FormControlLabel
              control={<Checkbox checked={withRating} onChange={(event) => setWithRating(event.target.checked)} />}
              label={t('ticketPane.resolve.withRating')}
            />
            {withRating ? (
              <Box>
                <Typography component="legend" variant="body2" color="text.secondary">
                  {t('ticketPane.resolve.rating')}
                </Typography>
                <Rating
                  name="ticket-rating"
                  max={5}
                  value={rating}
                  onChange={(_event, value) => setRating(value)}
                  IconContainerComponent={RatingFace}
                  highlightSelectedOnly
                />
                {tried && ratingMissing ? <FormHelperText error>{t('ticketPane.resolve.ratingRequired')}</FormHelperText> : null}
              </Box>
            ) : null}
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" color="success" onClick={confirm} disabled={saving}>
          {saving ? <CircularProgress size={18} /> : t('ticketPane.resolve.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
