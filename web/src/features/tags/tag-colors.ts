import { getContrastRatio } from '@mui/system/colorManipulator';

/** White or near-black, whichever reads on a tag's colour (its chip, a kanban lane's header). */
export function readableTextOn(background: string): string {
  return safeContrast(background, '#fff') >= 3 ? '#fff' : 'rgba(0,0,0,0.87)';
}

function safeContrast(background: string, foreground: string): number {
  try {
    return getContrastRatio(background, foreground);
  } catch {
    return 21;
  }
}
