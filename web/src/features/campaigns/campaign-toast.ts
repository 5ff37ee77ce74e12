import { toast } from 'react-toastify';
import { errorText } from '../../app/errors';

/** Spec 3 §2.1, §9: toasts of the campaign pages close after 3 s (the shell's default is 2 s). */
const CAMPAIGN_TOAST_MS = 3000;

/** The campaign pages' toasts; an error shows the server's message (spec 3 §8). */
export const campaignToast = {
  success: (text: string) => void toast.success(text, { autoClose: CAMPAIGN_TOAST_MS }),
  error: (error: unknown) => void toast.error(errorText(error), { autoClose: CAMPAIGN_TOAST_MS, toastId: errorText(error) }),
};
